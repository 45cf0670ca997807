export interface LoopbackVarnish {
  /** `http://127.0.0.1:<port>`: REST under /api/v1, GraphQL at /graphql. */
  url: string;
  output(): string;
  /** Requests the cache sent to the apps so far (varnishstat's MAIN.backend_req). */
  originRequests(): number;
  stop(): Promise<void>;
}

export function startLoopbackVarnish(options: {
  port: number;
  restPort: number;
  graphqlPort: number;
  memory?: string;
}): Promise<LoopbackVarnish>;
