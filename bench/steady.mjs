// The unmeasured pass that brings both sides of each configuration the targets judge (the CPU
// target's, and the larger scales of its engine the growth targets compare it with) to the
// steady state of a running server before its one-connection runs (see `steadyStatePass`).
import { sleep } from './lib.mjs';
import { CPU_FIGURE, fire, latencyPlan, sidesOf } from './load.mjs';

/**
 * Serves every fast scenario of `active` to each of its sides, unmeasured, before the runs of
 * a configuration the targets judge: a running server has served thousands of
 * requests of each route, and its figures are those of the steady state that brings. V8 keeps
 * optimising a route's code (and the code it shares with other routes) over several thousand
 * requests, longer for the app's larger code than for (b)'s; the per-scenario warm-up of
 * `latencyPlan` covers the first of them only. Each side serves CPU_FIGURE.steady.requests
 * requests on CPU_FIGURE.steady.connections connections, in batches, and no batch more once
 * CPU_FIGURE.steady.maxSeconds have passed (a slower scenario serves fewer); a
 * scenario of slow requests (one whose run counts requests) is left out: its own warm-up covers
 * it, and it shares its code with the fast list routes. Resolves with what it served.
 */
export async function steadyStatePass({ pool, active, capture, settings }) {
  const { requests, connections, maxSeconds, batch } = CPU_FIGURE.steady;
  const started = performance.now();
  let served = 0;
  let scenarios = 0;
  for (const scenario of active) {
    const targets = sidesOf(scenario, capture);
    const plans = targets.map((target) =>
      latencyPlan(capture[scenario.name].singleMs[target], settings, { cpuFigure: true }),
    );
    if (plans.some((plan) => plan.amount)) continue;
    for (const target of targets) {
      const server = pool.get(target);
      const deadline = performance.now() + maxSeconds * 1000;
      for (let sent = 0; sent < requests && performance.now() < deadline; sent += batch) {
        await fire(server, scenario, target, { connections, amount: batch });
        served += batch;
      }
      await server.request({ type: 'idle' });
    }
    scenarios += 1;
  }
  // The memory reducer shrinks the heap the pass grew with a few full collections once the
  // processes go quiet (about 8 s later): let them happen here, not during a measured run.
  await sleep(CPU_FIGURE.steady.settleSeconds * 1000);
  return { scenarios, requests: served, seconds: (performance.now() - started) / 1000 };
}
