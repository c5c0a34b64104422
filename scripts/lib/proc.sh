# Shared by the service scripts (source it; defines functions only).

# Alive = exists and is not a zombie. Here PID 1 reaps orphaned daemons up to ~2 s late,
# and kill -0 succeeds on a zombie: a wait on it would outlast a daemon that has exited.
alive() {
  local p st
  for p in "$@"; do
    st=$(awk '{print $3}' "/proc/$p/stat" 2>/dev/null) || continue
    [[ $st != Z ]] && return 0
  done
  return 1
}
