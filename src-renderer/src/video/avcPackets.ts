/**
 * What the frame source reads inside H.264 packets as MP4 and Matroska store them (NAL units
 * each after a 1-, 2- or 4-byte length, the avcC layout; never start codes):
 *
 * - whether a packet is disposable: every picture slice in it has nal_ref_idc 0, so no other
 *   frame is predicted from it. A seek skips the disposable frames shown before its target (with
 *   x264's defaults, B-frames are a third of a GOP): they cost decoding and change nothing after.
 * - the first packet after a decoder is configured, cleaned as Chromium's key-frame check needs
 *   it (what mediabunny does in its own decoder wrapper, which this source does not use): NAL
 *   units of types 20 to 31 (extensions) trip it, and so do units before an access unit delimiter.
 */

/** NAL unit types of picture slices (1: non-IDR, 5: IDR). */
const isSlice = (type: number) => type >= 1 && type <= 5;
const AUD = 9;

/** The length-field size of the avcC record (its fifth byte's low two bits, plus one); null when there is none (Annex B). */
export function avcLengthSize(description: ArrayBufferLike | ArrayBufferView | undefined): number | null {
  if (!description) return null;
  const bytes = ArrayBuffer.isView(description) ? new Uint8Array(description.buffer, description.byteOffset, description.byteLength) : new Uint8Array(description);
  if (bytes.length < 5 || bytes[0] !== 1) return null;
  return (bytes[4]! & 3) + 1;
}

/** Each NAL unit's offset and length in a length-prefixed packet; stops at a length that runs past the end. */
export function* nalUnits(data: Uint8Array, lengthSize: number): Generator<{ offset: number; length: number }> {
  let at = 0;
  while (at + lengthSize < data.length) {
    let length = 0;
    for (let i = 0; i < lengthSize; i++) length = length * 256 + data[at + i]!;
    const offset = at + lengthSize;
    if (length === 0 || offset + length > data.length) return;
    yield { offset, length };
    at = offset + length;
  }
}

/** True when the packet holds picture slices and none of them is a reference (nal_ref_idc 0 in all). */
export function isDisposable(data: Uint8Array, lengthSize: number): boolean {
  let slices = 0;
  for (const { offset } of nalUnits(data, lengthSize)) {
    const header = data[offset]!;
    if (!isSlice(header & 31)) continue;
    if ((header >> 5) & 3) return false;
    slices++;
  }
  return slices > 0;
}

/** The first packet after configure, without the NAL units that make Chromium take a key frame for a delta one; the same bytes when nothing is in the way. */
export function cleanKeyPacket(data: Uint8Array, lengthSize: number): Uint8Array {
  const kept: { offset: number; length: number }[] = [];
  let frameData = false;
  let dropped = false;
  for (const unit of nalUnits(data, lengthSize)) {
    const type = data[unit.offset]! & 31;
    frameData ||= isSlice(type);
    if (type === AUD) {
      // After the picture's own slices, a delimiter ends the packet: what follows is not this frame's.
      if (frameData) {
        dropped = true;
        break;
      }
      dropped ||= kept.length > 0;
      kept.length = 0;
    }
    if (type >= 20 && type <= 31) dropped = true;
    else kept.push(unit);
  }
  if (!dropped) return data;
  const out = new Uint8Array(kept.reduce((n, u) => n + lengthSize + u.length, 0));
  let at = 0;
  for (const u of kept) {
    for (let i = 0; i < lengthSize; i++) out[at + i] = (u.length >> (8 * (lengthSize - 1 - i))) & 0xff;
    out.set(data.subarray(u.offset, u.offset + u.length), at + lengthSize);
    at += lengthSize + u.length;
  }
  return out;
}
