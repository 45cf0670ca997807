// A loopback TCP proxy between an app under test and FerretDB that reads the MongoDB wire
// protocol's message frames, so a test can inject a fault at an exact point of the app's
// conversation with the database: stall the engine just before a write reaches it, cut the
// connection after a write and before its answer, or hold the one write after which the test
// kills the app. Every byte that passes is the real driver's and the real engine's.
import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

/** What happens to the first request a trap matches (a trap fires once). */
export type TrapAction =
  /** Runs `before` (a SIGSTOP of the engine, say), then sends the request on. */
  | { kind: 'before'; before: () => Promise<void> }
  /** Sends the request; when its answer comes back, cuts both sides of the connection instead. */
  | { kind: 'cut-answer' }
  /** Never sends the request; calls `held` (the test kills the app there). */
  | { kind: 'hold'; held: () => void };

export interface WireProxy {
  /** `mongodb://127.0.0.1:<proxy port>/<database>`. */
  uri: (database: string) => string;
  /** Arms a one-shot trap; resolves once it has fired. */
  trap: (matches: (message: Buffer) => boolean, action: TrapAction) => Promise<void>;
  close: () => Promise<void>;
}

/** The bytes of a BSON string element `name: value`, as they appear inside a command. */
export function bsonString(name: string, value: string): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32LE(Buffer.byteLength(value) + 1);
  return Buffer.concat([
    Buffer.from([0x02]),
    Buffer.from(`${name}\0`),
    length,
    Buffer.from(`${value}\0`),
  ]);
}

/** A matcher of messages that hold every one of these byte strings. */
export function holding(...parts: Buffer[]): (message: Buffer) => boolean {
  return (message) => parts.every((part) => message.includes(part));
}

interface Trap {
  matches: (message: Buffer) => boolean;
  action: TrapAction;
  fired: () => void;
}

/** Splits a stream into wire messages (each starts with its int32 length) and hands them on in order. */
function framer(onMessage: (message: Buffer) => Promise<void> | void) {
  let pending = Buffer.alloc(0);
  let chain = Promise.resolve();
  return (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 4) {
      const length = pending.readInt32LE(0);
      if (pending.length < length) break;
      const message = pending.subarray(0, length);
      pending = pending.subarray(length);
      chain = chain.then(() => onMessage(message));
    }
  };
}

/** Starts the proxy to FerretDB's loopback port. */
export async function startWireProxy(targetPort: number): Promise<WireProxy> {
  const traps: Trap[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    // A side that ends lets the other flush what it has first (a request already sent to a
    // stopped engine still reaches it), as a plain TCP path would.
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.destroy());
    const cutOnAnswer = new Set<number>();
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on(
      'data',
      framer(async (message) => {
        const index = traps.findIndex((t) => t.matches(message));
        const trap = index === -1 ? undefined : traps.splice(index, 1)[0];
        if (trap?.action.kind === 'hold') {
          trap.action.held();
          trap.fired();
          return;
        }
        if (trap?.action.kind === 'before') await trap.action.before();
        // requestID, at offset 4: the answer names it as its responseTo.
        if (trap?.action.kind === 'cut-answer') cutOnAnswer.add(message.readInt32LE(4));
        if (!upstream.destroyed) upstream.write(message);
        trap?.fired();
      }),
    );
    upstream.on(
      'data',
      framer((message) => {
        if (cutOnAnswer.has(message.readInt32LE(8))) {
          cut();
          return;
        }
        if (!client.destroyed) client.write(message);
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    uri: (database) => `mongodb://127.0.0.1:${port}/${database}`,
    trap: (matches, action) =>
      new Promise<void>((resolve) => traps.push({ matches, action, fired: resolve })),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
