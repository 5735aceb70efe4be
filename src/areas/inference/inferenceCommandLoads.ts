import { lazyCommands, type LazyCommands } from '../../commands/flow/lazyCommands';
import { COMMAND } from '../../core/contributions';

/** The inference area's commands, by the code each group loads on the first use of one of them. */
export function inferenceCommandLoads(): LazyCommands[] {
  return [
    lazyCommands([COMMAND.copyInferenceName, COMMAND.copyInferenceAddress], async () =>
      (await import('../../commands/inference/inferenceRowCommands.js')).inferenceRowCommands(),
    ),
  ];
}
