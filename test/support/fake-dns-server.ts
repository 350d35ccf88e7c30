// A DNS server on loopback (UDP) that answers TXT questions from a table the test fills, and
// NXDOMAIN for any other name: the app's real resolver path (node:dns with DNS_SERVERS) is
// exercised without any real name being resolved. The wire format is RFC 1035's: a 12-byte
// header, the question (length-prefixed labels, type, class), then answers whose name points
// back at the question (0xC00C), type 16 (TXT), class 1 (IN), a TTL and character-strings of
// at most 255 bytes (https://www.rfc-editor.org/rfc/rfc1035#section-4.1).
import dgram from "node:dgram";

export type FakeDnsServer = {
  /** "127.0.0.1:<port>", the value for DNS_SERVERS */
  address: string;
  /** TXT records by name (lower case, no trailing dot): each record one value */
  txt: Map<string, string[]>;
  close(): Promise<void>;
};

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (at < msg.length && msg[at] !== 0) {
    const len = msg[at]!;
    labels.push(msg.subarray(at + 1, at + 1 + len).toString("latin1"));
    at += len + 1;
  }
  return { name: labels.join(".").toLowerCase(), end: at + 1 };
}

function txtRdata(value: string): Buffer {
  const bytes = Buffer.from(value, "utf8");
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

function answer(query: Buffer, txt: Map<string, string[]>): Buffer {
  const { name, end } = readName(query, 12);
  const qtype = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  const records = qtype === 16 ? (txt.get(name) ?? null) : null;
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // the query's id
  // QR=1, opcode 0, AA=1, RD copied, RA=1; RCODE 3 (NXDOMAIN) for a name the table lacks
  header.writeUInt16BE(0x8580 | (query[2]! & 0x01 ? 0x0100 : 0) | (records ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records?.length ?? 0, 6);
  const answers = (records ?? []).map((value) => {
    const rdata = txtRdata(value);
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0);
    rr.writeUInt16BE(16, 2);
    rr.writeUInt16BE(1, 4);
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([rr, rdata]);
  });
  return Buffer.concat([header, question, ...answers]);
}

export async function startFakeDnsServer(opts: { port?: number } = {}): Promise<FakeDnsServer> {
  const txt = new Map<string, string[]>();
  const socket = dgram.createSocket("udp4");
  socket.on("message", (msg, rinfo) => {
    try {
      socket.send(answer(msg, txt), rinfo.port, rinfo.address);
    } catch {
      // a malformed question gets no answer, as from a real server
    }
  });
  await new Promise<void>((resolve) => socket.bind(opts.port ?? 0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    txt,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
