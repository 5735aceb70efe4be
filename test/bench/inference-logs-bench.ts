import { BENCH_API_KEY } from './bench-client';
import type { Figure } from './bench-table';
import { followFigures } from './log-follow-figures';
import { emulatorProbeRun, type HostSessions } from './host-session';
import type { PackagedExtension } from './packaged-extension';
import type { InferenceLogsProbeInput, InferenceLogsProbeResult } from './probe-contract';
import { median } from './sample-statistics';

const AREA = 'Inference logs';
const LINES = 100_000;
const FOLLOW_INTERVAL_SECONDS = 1;
const WATCH_SECONDS = 10;
const PROBE_TIMEOUT_MS = 12 * 60_000;
/** The containers' log budgets, which the log viewer's figures are held to here too. */
const NEWEST_SHOWN_MS = 500;
const OVER_VSCODE_ALONE = 1.5;
/** The tree's no-leak budget: what following at the cap may keep growing by. */
const GROWTH_MB = 5;
/**
 * What the extension may hold for a log at its cap beyond what VS Code holds for the document: its lines (the text, a
 * string header each) and each line's pod.
 */
const OWN_PER_TEXT = 1.5;
const MB = 1024 * 1024;

function inMb(bytes: number): string {
  return (bytes / MB).toFixed(1);
}

function ms(values: readonly number[]): string {
  return values.map((value) => value.toFixed(0)).join(', ');
}

/**
 * The read-to-editor figures of one phase: the median against the newest-lines budget, and against VS Code alone as
 * the containers' pairs are (medians: the worst of a hundred reads on a busy machine is a pause of the window's or of
 * the collector's, which five rounds of the floor would not meet).
 */
function readFigures(phase: string, samples: readonly number[], bareMs: number): Figure[] {
  const worst = Math.max(...samples);
  return [
    {
      area: AREA,
      name: `${phase}: a followed read's answer to its lines in the editor (median of ${samples.length} reads; the containers' newest lines ≤ ${NEWEST_SHOWN_MS} ms)`,
      value: median(samples),
      samples,
      unit: 'ms',
      rule: 'atMost',
      budget: NEWEST_SHOWN_MS,
    },
    {
      area: AREA,
      name: `${phase}: that median ÷ VS Code alone making the same edit of a ${LINES.toLocaleString('en-US')}-line document (the worst read ${worst.toFixed(0)} ms; the containers' ≤ ${OVER_VSCODE_ALONE}×)`,
      value: median(samples) / bareMs,
      unit: 'ratio',
      rule: 'atMost',
      budget: OVER_VSCODE_ALONE,
    },
  ];
}

/**
 * One fresh code-server, the emulator in the host writing a line a millisecond from each of a deployment's two pods:
 * its log opened and followed at 1 s until the document holds 100,000 lines, then followed at that cap under a pod
 * filter, then shown, covered and closed.
 */
export async function measureInferenceLogs(
  sessions: HostSessions,
  packaged: PackagedExtension,
  progress: (message: string) => void,
): Promise<Figure[]> {
  const input: Omit<InferenceLogsProbeInput, 'resultFile'> = {
    apiKey: BENCH_API_KEY,
    location: { projectId: 1, regionId: 76 },
    deployment: 'llama-chat',
    logLineMs: 1,
    lines: LINES,
    followIntervalSeconds: FOLLOW_INTERVAL_SECONDS,
    filteredReads: 20,
    bareRounds: 5,
    watchSeconds: WATCH_SECONDS,
  };
  const result = await sessions.run<InferenceLogsProbeResult>(
    emulatorProbeRun(packaged.extensionDir, 'inference-logs-probe', input, PROBE_TIMEOUT_MS),
  );
  const { heapBytes, follow } = result;
  const bareMs = median(result.bareChangeMs);
  progress(
    `Inference logs: ${result.lines} lines in ${(result.fillMs / 1000).toFixed(1)} s over ${result.fillReads} reads (${result.gapLines} gap lines); read to editor ${ms(result.readToEditorMs)} ms`,
  );
  progress(`Inference logs under a pod filter: ${ms(result.filteredReadToEditorMs)} ms; VS Code alone: ${ms(result.bareChangeMs)} ms`);
  progress(
    `Inference logs heap: ${[heapBytes.before, heapBytes.atCap, heapBytes.filtered, heapBytes.afterFiltered, heapBytes.afterClose].map(inMb).join(' → ')} MB (before, at the cap, filtered, after the filtered reads, closed); text ${(result.textChars / 1e6).toFixed(1)} M chars; VS Code let go of the closed log after ${(result.releaseMs / 1000).toFixed(0)} s; ` +
      `reads ${follow.readsWhileShown} shown, ${follow.readsWhileHidden} covered, ${follow.readsAfterClose} closed`,
  );
  // A JavaScript string of one-byte characters takes a byte a character.
  const textBytes = result.textChars;
  const heldAtCap = heapBytes.atCap - heapBytes.before;
  return [
    ...readFigures(`following to ${LINES.toLocaleString('en-US')} lines`, result.readToEditorMs, bareMs),
    ...readFigures(`one pod's lines at the cap`, result.filteredReadToEditorMs, bareMs),
    {
      area: AREA,
      name: `VS Code alone: one workspace edit of a bare provider's ${LINES.toLocaleString('en-US')}-line document, its oldest 1,000 lines deleted and 1,000 inserted (${result.bareChangeMs.length} rounds)`,
      value: bareMs,
      samples: result.bareChangeMs,
      unit: 'ms',
      rule: 'report',
      budget: Number.NaN,
    },
    { area: AREA, name: 'lines in the followed document at its cap', value: result.lines, unit: 'lines', rule: 'exactly', budget: LINES },
    {
      area: AREA,
      name: `time to follow a log of 2,000 lines a second to that cap (${result.fillReads} reads of 1,000, ${result.gapLines} gap lines)`,
      value: result.fillMs,
      unit: 'ms',
      rule: 'report',
      budget: Number.NaN,
    },
    {
      area: AREA,
      name: `heap held by the log at its cap (${inMb(heldAtCap)} MB) less VS Code alone's for the same document (${inMb(result.bareHeldBytes)} MB), ÷ its text (${inMb(textBytes)} MB)`,
      value: (heldAtCap - result.bareHeldBytes) / textBytes,
      unit: 'ratio',
      rule: 'atMost',
      budget: OWN_PER_TEXT,
    },
    {
      area: AREA,
      name: `heap growth over ${input.filteredReads} more reads at the cap, one pod's lines shown`,
      value: (heapBytes.afterFiltered - heapBytes.filtered) / MB,
      unit: 'MB',
      rule: 'atMost',
      budget: GROWTH_MB,
    },
    {
      area: AREA,
      name: `heap held after the log was closed and VS Code let go of its documents (${(result.releaseMs / 1000).toFixed(0)} s later), over before it was opened`,
      value: (heapBytes.afterClose - heapBytes.before) / MB,
      unit: 'MB',
      rule: 'atMost',
      budget: GROWTH_MB,
    },
    ...followFigures(AREA, follow, WATCH_SECONDS, FOLLOW_INTERVAL_SECONDS),
  ];
}
