import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import type { TreeProbeResult } from '../probe-contract';
import { delay } from './probe-io';

const GC_PASSES = 4;
const RETAINED_HEAP_MEASUREMENTS = 3;

/** The extension host's own gc when it has one; otherwise V8's, exposed at run time. */
export function garbageCollector(): { collect: () => void; source: TreeProbeResult['leak']['gcSource'] } {
  // Forced GCs age bytecode, and V8 then drops the bytecode of start-up code run long ago: megabytes that would
  // shrink the heap between the two measurements and hide a leak of the same size.
  v8.setFlagsFromString('--no-flush-bytecode');
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return { collect: exposed, source: 'global.gc' };
  v8.setFlagsFromString('--expose-gc');
  return { collect: vm.runInNewContext('gc') as () => void, source: 'expose-gc flag' };
}

export async function heapAfterGc(collect: () => void): Promise<number> {
  // Several passes with turns of the event loop between them, so finalizers and weak callbacks run too.
  for (let i = 0; i < GC_PASSES; i++) {
    collect();
    await delay(20);
  }
  return process.memoryUsage().heapUsed;
}

/**
 * What stays reachable: the least of a few measurements after GC. A leak cannot be collected, so it is in
 * every one of them; a transient allocation of the extension host (another extension, an IPC buffer) is not.
 */
export async function retainedHeap(collect: () => void): Promise<number> {
  const measurements: number[] = [];
  for (let i = 0; i < RETAINED_HEAP_MEASUREMENTS; i++) measurements.push(await heapAfterGc(collect));
  return Math.min(...measurements);
}
