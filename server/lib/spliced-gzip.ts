// A gzip body made of pieces compressed at different times: a kept page's fixed parts compressed
// once, and each request's own values (its CSRF token, its address) put between them as they are.
//
// Deflate allows it (RFC 1951): a stream is a sequence of blocks, and a part compressed on its own
// and ended with a sync flush is whole blocks ending on a byte boundary that refer to nothing before
// them. Parts and values are joined in order, an empty final block ends the stream, and the gzip
// wrapper (RFC 1952) adds the CRC-32 and length of the whole text. Brotli streams cannot be joined
// like this, which is why kept pages are sent as gzip to browsers that accept it.
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** Bytes as the gzip body knows them: the text and its compressed blocks (not final). */
export interface DeflatedPiece {
  raw: Buffer;
  blocks: Buffer;
}

/** The 10-byte gzip header: deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty final block with fixed codes: BFINAL=1, BTYPE=01, end of block. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff;

/** A fixed part, compressed once (level 6: about gzip's default, a tenth of a millisecond per 10 KB). */
export function deflatedPiece(raw: Buffer): DeflatedPiece {
  // An empty part (a mark at the page's very end) adds nothing; zlib would send an empty block.
  if (!raw.length) return { raw, blocks: Buffer.alloc(0) };
  return { raw, blocks: deflateRawSync(raw, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }) };
}

/** A request's own value as stored (uncompressed) blocks: a few hundred bytes, not worth compressing. */
export function storedPiece(raw: Buffer): DeflatedPiece {
  const blocks: Buffer[] = [];
  for (let at = 0; at < raw.length; at += STORED_MAX) {
    const chunk = raw.subarray(at, at + STORED_MAX);
    const header = Buffer.alloc(5);
    // The previous piece ends on a byte boundary: BFINAL=0 and BTYPE=00 fill this byte with zeros.
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return { raw, blocks: Buffer.concat(blocks) };
}

/** The gzip body of the pieces' texts in order. */
export function splicedGzip(pieces: readonly DeflatedPiece[]): Buffer {
  let crc = 0;
  let length = 0;
  const out: Buffer[] = [GZIP_HEADER];
  for (const piece of pieces) {
    // zlib's crc32() answers 0 for an empty buffer without data, dropping the running value.
    if (piece.raw.length) crc = crc32(piece.raw, crc);
    length += piece.raw.length;
    out.push(piece.blocks);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  out.push(FINAL_BLOCK, trailer);
  return Buffer.concat(out);
}
