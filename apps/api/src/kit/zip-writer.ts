import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A zip archive written front to back onto a stream (what an .xlsx is): small parts deflated at
 * once, one large part deflated as it is produced with its sizes in a trailing data descriptor, so
 * the archive never sits in memory. Every write waits for the destination to take it, so a slow
 * download slows the producer instead of filling memory; a destination that closes early ends the
 * writer with an error. Plain zip (no zip64): parts and archive stay under 4 GiB, about 20 million
 * spreadsheet rows.
 */

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const DEFLATE = 8;
const VERSION = 20;
const LIMIT = 0xffffffff;
/**
 * zlib's level 1 writes a spreadsheet's repetitive XML about three times faster than the default
 * level for a file about a fifth larger; an export spends its time here, its size matters less.
 */
const LEVEL = 1;

type Entry = { name: Buffer; flags: number; crc: number; compressed: number; size: number; offset: number };

/** Waits until `stream` wants more; rejects when it closed or failed first (the client went away). */
export async function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) throw new Error('the download was closed');
  // Both waits let go of their listeners once either ends: a million-row export drains thousands of times.
  const done = new AbortController();
  const closed = once(stream, 'close', { signal: done.signal }).then(() => {
    throw new Error('the download was closed');
  });
  closed.catch(() => {});
  const drain = once(stream, 'drain', { signal: done.signal });
  drain.catch(() => {});
  try {
    await Promise.race([drain, closed]);
  } finally {
    done.abort();
  }
}

/** Writes `chunk`, then waits if the destination asked to. */
export async function writeTo(stream: Writable, chunk: Buffer): Promise<void> {
  if (stream.destroyed) throw new Error('the download was closed');
  if (!stream.write(chunk)) await drained(stream);
}

function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly stamp = dosDateTime(new Date());

  constructor(private readonly out: Writable) {}

  private async push(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    await writeTo(this.out, chunk);
  }

  private localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(entry.flags, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressed, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(entry.name.length, 26);
    return Buffer.concat([header, entry.name]);
  }

  /** A small part, deflated in one go. */
  async addFile(name: string, content: string): Promise<void> {
    const data = Buffer.from(content, 'utf8');
    const deflated = deflateRawSync(data, { level: LEVEL });
    const entry = {
      name: Buffer.from(name),
      flags: FLAG_UTF8,
      crc: crc32(data),
      compressed: deflated.length,
      size: data.length,
      offset: this.offset,
    };
    this.entries.push(entry);
    await this.push(this.localHeader(entry));
    await this.push(deflated);
  }

  /**
   * A large part written piece by piece: `write` each piece (it waits while the download is
   * behind), then `end`. No other part may be added until it ended.
   */
  async openFile(name: string): Promise<{ write: (piece: string | Buffer) => Promise<void>; end: () => Promise<void> }> {
    const entry = { name: Buffer.from(name), flags: FLAG_UTF8 | FLAG_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset: this.offset };
    this.entries.push(entry);
    await this.push(this.localHeader(entry));
    // Large chunks: each one is a trip to zlib's thread pool, which a busy machine makes slow.
    const deflate = createDeflateRaw({ level: LEVEL, chunkSize: 256 * 1024 });
    const out = this.out;
    const pushed = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        entry.compressed += chunk.length;
        await this.push(chunk);
      }
    })();
    // Seen by `end`; until then a failure shows as the next write's.
    pushed.catch(() => {});
    const onClose = () => deflate.destroy(new Error('the download was closed'));
    out.once('close', onClose);
    return {
      async write(piece) {
        const data = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        if (entry.size > LIMIT) throw new Error('an export part past 4 GiB needs zip64');
        if (deflate.destroyed) throw new Error('the download was closed');
        if (!deflate.write(data)) await Promise.race([once(deflate, 'drain'), pushed]);
      },
      end: async () => {
        deflate.end();
        await pushed;
        out.off('close', onClose);
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
        descriptor.writeUInt32LE(entry.crc, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.push(descriptor);
      },
    };
  }

  /** The central directory; the archive is complete once this answers. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(CENTRAL_HEADER, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(entry.flags, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.date, 14);
      header.writeUInt32LE(entry.crc, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      await this.push(Buffer.concat([header, entry.name]));
    }
    if (this.offset > LIMIT) throw new Error('an export past 4 GiB needs zip64');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.push(end);
  }
}
