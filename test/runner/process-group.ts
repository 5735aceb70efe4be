/** Sends a signal to every process of a group whose leader is `pid`; a group already gone is not an error. */
export function signalProcessGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    // ESRCH: nothing is left in the group.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
