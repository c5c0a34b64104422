/** The test services' settings (PostgreSQL, Ceph RGW), read as the scripts read them. */
export { requireSystemEnv } from '../../scripts/lib/serviceEnv';
