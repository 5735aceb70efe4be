import type { Figure } from './bench-table';
import type { FollowReads } from './probe-contract';

/** What following a log costs: at most a read an interval while shown, none while covered or closed. */
export function followFigures(area: string, follow: FollowReads, watchSeconds: number, intervalSeconds: number): Figure[] {
  return [
    {
      area,
      name: `reads per interval of a followed log while shown (${watchSeconds} s at ${intervalSeconds} s)`,
      value: follow.readsWhileShown / (watchSeconds / intervalSeconds),
      unit: 'ratio',
      rule: 'atMost',
      budget: 1,
    },
    {
      area,
      name: `reads in ${watchSeconds} s while another editor covers it`,
      value: follow.readsWhileHidden,
      unit: 'requests',
      rule: 'exactly',
      budget: 0,
    },
    {
      area,
      name: `reads in ${watchSeconds} s after it was closed`,
      value: follow.readsAfterClose,
      unit: 'requests',
      rule: 'exactly',
      budget: 0,
    },
  ];
}
