import { createConnection, createServer, type Socket } from 'node:net';

/** A local TCP relay to a service, which a test can cut as if the service had gone down. */
export interface TcpProxy {
  /** redis://, postgres://... at this port reach the target while the relay stands. */
  port: number;
  /** Drops every connection and stops listening: new connections are refused. */
  cut(): Promise<void>;
}

export async function openTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = createConnection(targetPort, targetHost);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    port: (relay.address() as { port: number }).port,
    async cut() {
      const closed = new Promise((resolve) => relay.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
