/** What the playground and its companion extension share: code-server's environment, and the log it reads back. */

/** A JSON array of `gcore.updateContainer` arguments. */
export const UPDATES_VARIABLE = 'GCORE_PLAYGROUND_DEMO_UPDATES';
/** One id per playground run, so that a reload of the window does not send the updates again. */
export const RUN_VARIABLE = 'GCORE_PLAYGROUND_RUN';
/** The companion's log channel in the Output panel (and its file in the logs folder). */
export const OUTPUT_CHANNEL = 'Gcore playground';
export const ALREADY_SENT = 'The demo updates of this playground run were sent before; not sending them again.';
