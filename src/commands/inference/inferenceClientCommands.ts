import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { EndpointError, type EndpointCall, type InferenceEndpointClient } from '../../api/inference/endpointClient';
import type { InferenceKeySecrets } from '../../auth/inference/inferenceKeySecrets';
import { COMMAND } from '../../core/contributions';
import type { Snapshots } from '../../documents/snapshots';
import { failureReason } from '../../logging/failureMessage';
import { clientCode, clientLanguageName, type ClientKey, type ClientLanguage } from '../../models/inference/inferenceClientCode';
import { TestAnswer, type TestRequestFigures } from '../../models/inference/inferenceTestRequest';
import {
  askClientCode,
  askRequestKey,
  askTestPrompt,
  heldKeys,
  type EndpointTarget,
  type KeyChoice,
} from '../../prompts/inference/inferenceEndpointAsk';
import { askEndpointTarget } from '../../prompts/inference/inferencePicks';
import { UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { endpointFailure, type EndpointNextStep } from '../../views/inference/presentation/endpointFailures';
import { testRequestReport } from '../../views/inference/presentation/testRequestReport';
import { command, type Command, type FailureHandling } from '../flow/command';
import { reported } from '../flow/flowRunner';
import type { Services } from '../services';

export interface ClientCommandDeps {
  services: Services;
  /** The deployment's own address: never the Gcore API, never the Gcore key. */
  endpoint: Pick<InferenceEndpointClient, 'listModels' | 'openChatStream'>;
  secrets: Pick<InferenceKeySecrets, 'get' | 'has'>;
  /** Where a test request's report is kept, read-only, while the window lives. */
  reports: Pick<Snapshots, 'put'>;
}

interface ClientCodeArgs {
  target: EndpointTarget;
  language: ClientLanguage;
  key: KeyChoice;
  /** The keys whose secret this machine holds, one of which reads the model list. */
  held: string[];
}

/** What was copied, said after: never the code itself, which may hold a secret. */
interface CopiedCode {
  target: EndpointTarget;
  language: ClientLanguage;
  key: KeyChoice;
  model?: string;
  /** Why the model id is a placeholder. */
  modelUnread?: string;
  placeholder?: string;
  variable?: string;
}

/** A held key's secret, read now; its absence (removed in another window since) is said. */
async function secretOf(secrets: ClientCommandDeps['secrets'], target: EndpointTarget, keyName: string): Promise<string> {
  const secret = await secrets.get({ projectId: target.projectId, name: keyName });
  if (secret === undefined) {
    throw new Error(l10n.t('The secret of inference API key {0} is no longer on this machine.', keyName));
  }
  return secret;
}

/** The first model id the deployment lists, or why there is none to name. */
async function firstModel(
  deps: ClientCommandDeps,
  target: EndpointTarget,
  readWith: string | undefined,
  signal: AbortSignal | undefined,
): Promise<{ model?: string; unread?: string }> {
  if (target.apiKeys.length > 0 && readWith === undefined) {
    return { unread: l10n.t('this machine holds the secret of none of its API keys to read its model list') };
  }
  try {
    const secret = readWith === undefined ? undefined : await secretOf(deps.secrets, target, readWith);
    const [model] = await deps.endpoint.listModels({ address: target.address, secret, signal });
    return model === undefined ? { unread: l10n.t('its model list is empty') } : { model: model.id };
  } catch (error) {
    if (signal?.aborted) throw new UserCancelledError();
    return { unread: failureReason(error) };
  }
}

function codeKey(choice: KeyChoice, secret: string | undefined): ClientKey {
  if (choice.kind === 'held') return { kind: 'inline', secret: secret! };
  return choice;
}

function reportCopied(ui: PromptUi, copied: CopiedCode): void {
  const language = clientLanguageName(copied.language);
  const { target } = copied;
  const sentences = [
    copied.model === undefined
      ? l10n.t('Copied {0} code that calls inference deployment {1}.', language, target.name)
      : l10n.t('Copied {0} code that calls inference deployment {1} with model {2}.', language, target.name, copied.model),
  ];
  if (copied.variable !== undefined) {
    sentences.push(
      l10n.t('Set {0} to the secret of one of its API keys ({1}) before you run it.', copied.variable, target.apiKeys.join(', ')),
    );
  }
  if (copied.key.kind === 'held') {
    sentences.push(
      l10n.t(
        'The secret of key {0} is in the code: anyone who sees it can call the deployment, so keep it out of shared files and repositories.',
        copied.key.keyName,
      ),
    );
  }
  if (copied.placeholder !== undefined) {
    sentences.push(l10n.t('Replace {0} with a model id ({1}).', copied.placeholder, copied.modelUnread ?? ''));
  }
  void ui.notify(copied.key.kind === 'held' ? 'warning' : 'info', sentences.join(' '));
}

function copyClientCodeCommand(deps: ClientCommandDeps) {
  const title = l10n.t('Gcore: Copy Client Code');
  return command<ClientCodeArgs, CopiedCode>({
    id: COMMAND.copyInferenceClientCode,
    what: (args) =>
      args
        ? l10n.t('Copy client code for inference deployment {0}', args.target.name)
        : l10n.t('Copy client code for an inference deployment'),
    ask: async (ui, _draft, node) => {
      const target = await askEndpointTarget(deps.services.client.inference, ui, title, node);
      const held = await heldKeys(target, (name) => deps.secrets.has({ projectId: target.projectId, name }));
      return { target, held, ...(await askClientCode(ui, title, target, held)) };
    },
    progress: (args) => l10n.t('Reading the models of inference deployment {0}…', args.target.name),
    run: async ({ target, language, key, held }, { ui, signal }) => {
      const secret = key.kind === 'held' ? await secretOf(deps.secrets, target, key.keyName) : undefined;
      const readWith = key.kind === 'held' ? key.keyName : held[0];
      const { model, unread } = await firstModel(deps, target, readWith, signal);
      const code = clientCode({ language, address: target.address, model, key: codeKey(key, secret) });
      // The one copy that holds a secret on purpose: the person chose to write it into the code.
      await ui.copyToClipboard(code.text, { secretAsked: key.kind === 'held' });
      return { target, language, key, model, modelUnread: unread, placeholder: code.placeholder, variable: code.variable };
    },
    report: reportCopied,
  });
}

interface TestRequestArgs {
  target: EndpointTarget;
  key: KeyChoice;
  prompt: string;
}

/** What an Edit or a Retry keeps of a test request: the prompt typed. */
interface TestRequestDraft {
  prompt?: string;
}

/** The progress line while no token has come: how long it has waited, and why a deployment at zero waits longer. */
function waitingLine(target: EndpointTarget, waitedMs: number): string {
  const seconds = Math.round(waitedMs / 1000);
  return target.status === 'PENDING'
    ? l10n.t('Waking the model: the deployment is at zero pods, and its first answer waits for a pod to start ({0} s)…', seconds)
    : l10n.t('Waiting for the first token ({0} s)…', seconds);
}

/** How often the progress line says how long the first token has been awaited. */
const WAITING_TICK_MS = 1_000;

/** The answer of one streamed completion, timed from the moment it was sent; `received` counts what came before a failure. */
async function streamAnswer(
  deps: ClientCommandDeps,
  call: EndpointCall,
  model: string,
  args: TestRequestArgs,
  report: ((message: string) => void) | undefined,
  received: { characters: number },
): Promise<TestRequestFigures> {
  const started = performance.now();
  const answer = new TestAnswer(() => performance.now());
  const waiting = report && setInterval(() => report(waitingLine(args.target, performance.now() - started)), WAITING_TICK_MS);
  try {
    const events = await deps.endpoint.openChatStream(call, { model, messages: [{ role: 'user', content: args.prompt }] });
    for await (const batch of events) {
      const text = batch.map((event) => (event.type === 'text' ? event.text : '')).join('');
      if (text === '') continue;
      if (waiting) clearInterval(waiting);
      answer.add(text);
      received.characters += text.length;
      report?.(l10n.t('Receiving the answer of {0}: {1} characters…', args.target.name, received.characters));
    }
  } finally {
    if (waiting) clearInterval(waiting);
  }
  return answer.end();
}

interface TestRequestDone {
  target: EndpointTarget;
  model: string;
  figures: TestRequestFigures;
}

function sendTestRequestCommand(deps: ClientCommandDeps) {
  const title = l10n.t('Gcore: Send Test Request');
  // Set by a run, read by the failure that ends it: what the call sent and what had come.
  let attempt: { keyName?: string; model?: string; received: { characters: number } } = { received: { characters: 0 } };
  return command<TestRequestArgs, TestRequestDone, TestRequestDraft>({
    id: COMMAND.sendInferenceTestRequest,
    what: (args) =>
      args
        ? l10n.t('Send a test request to inference deployment {0}', args.target.name)
        : l10n.t('Send a test request to an inference deployment'),
    draft: () => ({}),
    ask: async (ui, draft, node) => {
      const target = await askEndpointTarget(deps.services.client.inference, ui, title, node);
      const held = await heldKeys(target, (name) => deps.secrets.has({ projectId: target.projectId, name }));
      const key = await askRequestKey(ui, title, target, held);
      const prompt = await askTestPrompt(ui, title, target, draft.prompt);
      draft.prompt = prompt;
      return { target, key, prompt };
    },
    editable: true,
    progress: (args) =>
      args.target.status === 'PENDING'
        ? l10n.t('Waking inference deployment {0} for a test request…', args.target.name)
        : l10n.t('Sending a test request to inference deployment {0}…', args.target.name),
    run: async (args, { signal, report }) => {
      const { target, key } = args;
      attempt = { keyName: key.kind === 'held' ? key.keyName : undefined, received: { characters: 0 } };
      const secret = key.kind === 'held' ? await secretOf(deps.secrets, target, key.keyName) : undefined;
      const call: EndpointCall = { address: target.address, secret, signal };
      try {
        report?.(l10n.t('Reading the models of {0}…', target.name));
        const [first] = await deps.endpoint.listModels(call);
        if (first === undefined) throw new Error(l10n.t('Inference deployment {0} lists no model to send the request to.', target.name));
        attempt.model = first.id;
        const sentAt = new Date();
        const figures = await streamAnswer(deps, call, first.id, args, report, attempt.received);
        const uri = deps.reports.put(
          `/${l10n.t('{0} test request', target.name)}.md`,
          testRequestReport({
            deployment: target.name,
            address: target.address,
            model: first.id,
            prompt: args.prompt,
            wasAtZero: target.status === 'PENDING',
            figures,
            sentAt,
          }),
        );
        await vscode.window.showTextDocument(uri, { preview: true });
        return { target, model: first.id, figures };
      } catch (error) {
        if (signal?.aborted || (error instanceof EndpointError && error.kind === 'cancelled')) throw new UserCancelledError();
        throw error;
      }
    },
    onFailure: (ui, error, args) => {
      deps.services.log.warn(`${COMMAND.sendInferenceTestRequest} at ${args.target.name}: ${failureReason(error)}`);
      return offerNextStep(ui, error, args, attempt);
    },
  });
}

/** The labels of the next steps, each compared with the choice as shown. */
function nextStepLabel(step: EndpointNextStep): string {
  switch (step) {
    case 'start':
      return l10n.t('Start');
    case 'retry':
      return l10n.t('Retry');
    case 'pasteKey':
      return l10n.t('Paste Key Secret');
    case 'refresh':
      return l10n.t('Refresh');
  }
}

/** A failure at the deployment's address in one sentence, with the button for what to do next. */
async function offerNextStep(
  ui: PromptUi,
  error: unknown,
  args: TestRequestArgs,
  attempt: { keyName?: string; model?: string; received: { characters: number } },
): Promise<FailureHandling<TestRequestArgs>> {
  if (!(error instanceof EndpointError)) return undefined;
  const failure = endpointFailure({
    kind: error.kind,
    message: error.message,
    code: error.details.code,
    deployment: args.target.name,
    status: args.target.status,
    keyName: attempt.keyName,
    model: attempt.model,
    received: attempt.received.characters,
  });
  const label = failure.next && nextStepLabel(failure.next);
  const choice = await ui.notify('error', failure.message, ...(label ? [label] : []));
  if (choice !== undefined && choice === label) {
    const ref = { projectId: args.target.projectId, name: args.target.name };
    switch (failure.next) {
      case 'retry':
        return { runAgainWith: args };
      case 'start':
        await vscode.commands.executeCommand(COMMAND.startInferenceDeployment, ref);
        void ui.notify('info', l10n.t('Starting inference deployment {0}: send the test request again once it is running.', ref.name));
        break;
      case 'pasteKey':
        await vscode.commands.executeCommand(COMMAND.pasteInferenceApiKeySecret);
        break;
      case 'refresh':
        await vscode.commands.executeCommand(COMMAND.refresh);
        break;
    }
  }
  throw reported(error);
}

/** Copy Client Code and Send Test Request on a deployment with an address: they call the deployment, never Gcore's API with its secret. */
export function inferenceClientCommands(deps: ClientCommandDeps): Command<never, unknown, never>[] {
  return [copyClientCodeCommand(deps), sendTestRequestCommand(deps)];
}
