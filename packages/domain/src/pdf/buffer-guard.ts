// A reading thread's heap limit (worker `resourceLimits`) covers JavaScript objects only: the
// bytes of typed arrays and ArrayBuffers live outside it, and pdf.js decodes every stream into
// them (measured: a 64 MiB heap limit let a thread hold 1 GiB of Uint8Arrays). This guard, run
// in the thread before pdf.js loads, puts the array constructors behind a check: once the
// thread's ArrayBuffer memory would pass the limit, the allocation throws and the file is
// refused. Every MiB allocated is checked, so the overshoot is at most a MiB.
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A full collection, to tell garbage from what is held before refusing a file (buffers a file
 * dropped count until collected). Exposing `gc` only adds a function to new contexts.
 */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (() => void) | undefined;
  return typeof gc === 'function' ? gc : () => undefined;
}

const CHECK_EVERY = 1024 * 1024;

const CONSTRUCTORS = [
  'ArrayBuffer',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
] as const;

/** The thread's guard: armed with a limit for each file, tripped once the file passed it. */
export interface BufferGuard {
  arm(limitBytes: number): void;
  /** True when an allocation was refused since the last `arm`. */
  readonly tripped: boolean;
}

/** Bytes a constructor call asks for: a length, or an array-like's length (a view of a buffer: 0). */
function requested(args: unknown[], bytesPerElement: number): number {
  const [first] = args;
  if (typeof first === 'number') return first * bytesPerElement;
  if (first instanceof ArrayBuffer || first instanceof SharedArrayBuffer) return 0;
  const length = (first as { length?: unknown } | null)?.length;
  return typeof length === 'number' ? length * bytesPerElement : 0;
}

/** Puts this thread's array constructors behind the guard (once per thread). */
export function installBufferGuard(): BufferGuard {
  let limit = Number.POSITIVE_INFINITY;
  let sinceCheck = 0;
  let tripped = false;
  const gc = collector();
  const isOver = (bytes: number) => v8.getHeapStatistics().external_memory + bytes > limit;
  const global = globalThis as unknown as Record<string, unknown>;
  for (const name of CONSTRUCTORS) {
    const original = global[name] as (new (...args: unknown[]) => object) & {
      BYTES_PER_ELEMENT?: number;
    };
    const proxy: typeof original = new Proxy(original, {
      construct(target, args: unknown[], newTarget): object {
        const bytes = requested(args, target.BYTES_PER_ELEMENT ?? 1);
        sinceCheck += bytes;
        if (sinceCheck >= CHECK_EVERY) {
          sinceCheck = 0;
          if (isOver(bytes) && (gc(), isOver(bytes))) {
            tripped = true;
            throw new RangeError('The PDF reader ran out of memory for its buffers');
          }
        }
        return Reflect.construct(target, args, newTarget === proxy ? target : newTarget);
      },
    });
    global[name] = proxy;
  }
  return {
    arm(limitBytes) {
      limit = limitBytes;
      tripped = false;
      sinceCheck = CHECK_EVERY;
    },
    get tripped() {
      return tripped;
    },
  };
}
