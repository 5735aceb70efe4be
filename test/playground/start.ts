import { SEEDED_DEPLOYMENTS } from '../emulator/inference-seed';
import { CleanupStack } from '../runner/cleanup-stack';
import { runEntryPoint } from '../runner/entry-point';
import { DEMO_KEY, DEMO_LOCATION, DEMO_UPDATES, startPlayground } from './playground';
import { playgroundPort } from './playground-port';

/**
 * `npm start`: the playground (VS Code in the browser with the packaged extension, against the API
 * emulator's demo data). Everything lives in temp folders and is removed on Ctrl-C, also during the first
 * run's install.
 */

const cleanups = new CleanupStack();

runEntryPoint({
  cleanups,
  log: (message) => console.error(`playground: ${message}`),
  // Ctrl-C is how the playground is meant to end.
  signalExitCode: () => 0,
  main: async () => {
    const { emulator, server } = await startPlayground(cleanups, await playgroundPort(process.env));
    const [finishing, failing] = DEMO_UPDATES;
    console.log('');
    console.log(`Gcore playground: open ${server.url}/ in your browser (Ctrl-C stops it).`);
    console.log(
      `The Gcore icon in the activity bar opens the tree (key "${DEMO_KEY}" from GCORE_API_KEY, API emulator at ${emulator.url}). ` +
        `"${DEMO_LOCATION.label}" has GPU flavors and containers in every status. As the window opens, the playground updates ` +
        `${finishing.containerName} (it finishes) and ${failing.containerName} (its image cannot be pulled, so it fails): the Tasks ` +
        'section follows both to their end in about 10 s. Update a container from its row to watch one yourself; an image with ' +
        '"does-not-exist" in its name fails at Gcore (its notification offers Show Logs). Show Logs and Edit Container as JSON ' +
        'are on every container row; the + on the location creates a container (its review shows the demo quota and a price) and ' +
        'Delete Container removes one. Under Inference, the project has ' +
        `${SEEDED_DEPLOYMENTS.active} running in two regions, ${SEEDED_DEPLOYMENTS.pending} scaled to zero and ` +
        `${SEEDED_DEPLOYMENTS.deploying} being deployed: Open Logs on a deployment follows its pods' lines, and the Quota row ` +
        "shows the account's inference limits with Request Quota. DNS Zones lists the account's zones in every DNSSEC state; example.com has DNSSEC on with " +
        'its DS record at the "registrar", so disabling it shows Gcore\'s refusal. Import Zone File on example.org reads the ' +
        'workspace\'s example.org.zone. "Gcore: Show Log" lists every request.',
    );
    const how = await server.whenExited();
    if (!cleanups.isDraining()) console.error(`${server.recentOutput()}\ncode-server stopped (${how}); stopping the playground.`);
    return 1;
  },
});
