// The two baselines every scenario is compared with, in the same run:
//   (a) ceiling: a bare Express 5 app answering a constant JSON of the same size as the
//       scenario's real response (HTTP + routing + JSON serialisation, no work);
//   (b) floor:   a bare Express 5 route running the queries the answer needs, with lean(), no
//       middleware, no validation, no DTO mapping (floor.mjs).
export { createFloorApp } from './floor.mjs';

/** (a) One route per scenario, `/ceiling/<scenario name>`, any method; JSON bodies are parsed. */
export function createCeilingApp(express, constants) {
  const app = express();
  app.disable('x-powered-by');
  app.all('/ceiling/:name', express.json(), (req, res) => res.json(constants[req.params.name]));
  return app;
}
