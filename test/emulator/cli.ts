import { parseCliArguments, USAGE } from './cli-arguments';
import { start } from './server';

async function main(): Promise<void> {
  const command = parseCliArguments(process.argv.slice(2), process.env);
  if (command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command.kind === 'usage-error') {
    process.stderr.write(`${command.message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  // The log line names method, raw path, status and duration only: the key travels in a header and stays out.
  const emulator = await start({
    ...command.options,
    onResponse: (request, elapsedMs) => {
      process.stdout.write(`${request.method} ${request.path} ${request.status} ${elapsedMs}ms\n`);
    },
  });
  process.stdout.write(`Gcore API emulator listening on ${emulator.url}\n`);
  const stop = (): void => {
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Failed to stop the emulator: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Gcore API emulator failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
