// A loopback TCP relay between apps under test (child processes) and the test database: the apps
// reach the real database through it, and a test cuts it to take the database away from them, as
// a network fault would (nothing imitates the database).
import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface DatabaseRelay {
  /** `uri` with its host and port replaced by the relay's. */
  uri: string;
  /** Stops accepting connections and drops the open ones: the database is gone for the apps. */
  cut: () => Promise<void>;
}

/** Starts a relay to the host and port of a `mongodb://` URI, on a free loopback port. */
export async function startDatabaseRelay(uri: string): Promise<DatabaseRelay> {
  const target = new URL(uri);
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    track(client);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const relayed = new URL(uri);
  relayed.host = `127.0.0.1:${port}`;
  return {
    uri: relayed.href,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
