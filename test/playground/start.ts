import { start } from '../emulator/server';
import { CleanupStack } from '../runner/cleanup-stack';
import type { CodeServerProcess } from '../runner/code-server-process';
import { runEntryPoint } from '../runner/entry-point';
import { packagedVsixPath, startWithPackagedExtension } from '../ui/packaged-extension';
import { playgroundPort } from './playground-port';

/**
 * `npm start`: VS Code in the browser (code-server on loopback) with the packaged extension installed,
 * talking to the API emulator's demo data. The key comes from GCORE_API_KEY, so the tree opens ready to
 * use. Everything lives in a temp folder and is removed on Ctrl-C, also during the first run's install.
 */

const DEMO_KEY = 'demo-key';
const DEMO_LOCATION = { projectId: 1, regionId: 76, label: 'Demo project' };

const cleanups = new CleanupStack();

async function startPlayground(): Promise<CodeServerProcess> {
  const vsix = packagedVsixPath();
  const port = await playgroundPort(process.env);

  // Tasks that take seconds, as Gcore's do, so that following an update can be watched.
  const emulator = await start({ apiKey: DEMO_KEY, demo: true, taskTimings: { newMs: 2_000, runningMs: 8_000 } });
  cleanups.push({ name: 'stop the emulator', run: () => emulator.close(), runNow: () => undefined });

  // The caller's own Gcore variables (a real key) are withheld; the demo key is what the extension sees.
  const { server } = await startWithPackagedExtension(cleanups, {
    vsix,
    settings: { 'gcore.apiBaseUrl': emulator.url, 'gcore.locations': [DEMO_LOCATION] },
    apiKey: DEMO_KEY,
    port,
  });

  console.log('');
  console.log(`Gcore playground: open ${server.url}/ in your browser (Ctrl-C stops it).`);
  console.log(
    `The Gcore icon in the activity bar opens the tree (key "${DEMO_KEY}" from GCORE_API_KEY, API emulator at ${emulator.url}). ` +
      `"${DEMO_LOCATION.label}" has GPU flavors and containers in every status: update one from its row and watch it to the end ` +
      'in the Tasks section (about 10 s); an image with "does-not-exist" in its name fails at Gcore, to see a failure (its ' +
      'notification offers Show Logs). Show Logs and Edit Container as JSON are on every container row. DNS Zones ' +
      'lists the account\'s zones in every DNSSEC state; example.com has DNSSEC on with its DS record at the "registrar", so ' +
      'disabling it shows Gcore\'s refusal. "Gcore: Show Log" lists every request.',
  );
  return server;
}

runEntryPoint({
  cleanups,
  log: (message) => console.error(`playground: ${message}`),
  // Ctrl-C is how the playground is meant to end.
  signalExitCode: () => 0,
  main: async () => {
    const server = await startPlayground();
    const how = await server.whenExited();
    if (!cleanups.isDraining()) console.error(`${server.recentOutput()}\ncode-server stopped (${how}); stopping the playground.`);
    return 1;
  },
});
