import * as l10n from '@vscode/l10n';
import type { EndpointErrorKind } from '../../../api/inference/endpointClient';

/** What a person can do next about a failed call to a deployment's address. */
export type EndpointNextStep = 'start' | 'retry' | 'pasteKey' | 'refresh';

/**
 * Where the failure is said: Send Test Request (a notification with a button for the next step) or the chat (a
 * message in the answer, whose next step is a command to run).
 */
export type EndpointFailureSurface = 'testRequest' | 'chat';

export interface EndpointFailureInput {
  kind: EndpointErrorKind;
  /** The error's own words (the server's, never a key): said where they add to the sentence, logged always. */
  message: string;
  /** The server's error code (`deployment_disabled`, `model_not_found`…), when it sent one. */
  code?: string;
  deployment: string;
  /** The deployment's status when the call was made. */
  status?: string | null;
  /** The key the call sent, when it sent one. */
  keyName?: string;
  model?: string;
  /** How many characters of the answer had come when it broke off. */
  received?: number;
  /** Send Test Request when left out. */
  surface?: EndpointFailureSurface;
}

export interface EndpointFailure {
  message: string;
  next?: EndpointNextStep;
}

/**
 * A failed call to a deployment's address in one sentence with the next step, the same failure in the same words
 * on every surface: a stopped deployment is offered a start, one waking from zero is given time, a refused key
 * points at the key, a model gone at the models the deployment lists now. Only the step's words follow the
 * surface: a button's "try again" is the chat's "ask again"; a model or key gone is, in the chat, Use in Chat again.
 */
export function endpointFailure(input: EndpointFailureInput): EndpointFailure {
  const { deployment } = input;
  const chat = input.surface === 'chat';
  const again = chat ? l10n.t('ask again.') : l10n.t('try again.');
  switch (input.kind) {
    case 'unavailable':
      if (input.code === 'deployment_disabled' || input.status === 'DISABLED') {
        return {
          message: l10n.t(
            'Inference deployment {0} is stopped: {1}',
            deployment,
            chat
              ? l10n.t('start it ("Gcore: Start Inference Deployment"), then ask again.')
              : l10n.t('start it, then send the request again.'),
          ),
          next: 'start',
        };
      }
      return {
        message: l10n.t('Inference deployment {0} has no pod ready to answer: wait until it is running, then {1}', deployment, again),
        next: 'retry',
      };
    case 'network':
      if (input.status === 'PENDING') {
        return {
          message: l10n.t(
            'Inference deployment {0} is still waking from zero pods ({1}): its first pod may take minutes to start; {2}',
            deployment,
            input.message,
            chat ? l10n.t('ask again shortly.') : l10n.t('try again shortly.'),
          ),
          next: 'retry',
        };
      }
      return { message: l10n.t('{0} Check the network and the deployment, then {1}', input.message, again), next: 'retry' };
    case 'unauthorized':
      return input.keyName === undefined
        ? {
            message: l10n.t(
              'Inference deployment {0} asks for an API key now: {1}',
              deployment,
              chat
                ? l10n.t('attach a key whose secret this machine holds, then run "Gcore: Use in Chat" on it again.')
                : l10n.t('refresh it, attach a key whose secret this machine holds, then try again.'),
            ),
            next: 'refresh',
          }
        : {
            message: l10n.t(
              'Inference deployment {0} refused API key {1}: it may be detached or expired, or the secret stored here outdated; {2}',
              deployment,
              input.keyName,
              chat
                ? l10n.t(
                    'paste its secret again ("Gcore: Paste Inference API Key Secret"), or attach another key and run "Gcore: Use in Chat" again.',
                  )
                : l10n.t('paste its secret again or attach another key.'),
            ),
            next: 'pasteKey',
          };
    case 'modelNotFound':
      return {
        message: l10n.t(
          'Inference deployment {0} no longer serves model {1}: {2}',
          deployment,
          input.model ?? '?',
          chat
            ? l10n.t('run "Gcore: Use in Chat" on it again to offer the models it serves now.')
            : l10n.t('try again to use the model it lists now.'),
        ),
        next: 'retry',
      };
    case 'notFound':
      return {
        message: l10n.t(
          'Nothing answers at the address of inference deployment {0} ({1}): it may have been deleted; {2}',
          deployment,
          input.message,
          chat ? l10n.t('refresh the tree, and run "Gcore: Use in Chat" on it again if it is still there.') : l10n.t('refresh the tree.'),
        ),
        next: 'refresh',
      };
    case 'broken':
    case 'server':
      return input.received !== undefined && input.received > 0
        ? {
            message: l10n.t(
              'The answer of inference deployment {0} broke off after {1} characters: {2}',
              deployment,
              input.received,
              again,
            ),
            next: 'retry',
          }
        : { message: l10n.t('Inference deployment {0} failed to answer: {1}', deployment, again), next: 'retry' };
    case 'rateLimited':
      return {
        message: l10n.t(
          'Inference deployment {0} is busy ({1}): {2}',
          deployment,
          input.message,
          chat ? l10n.t('ask again in a moment.') : l10n.t('try again in a moment.'),
        ),
        next: 'retry',
      };
    case 'badAddress':
      return { message: l10n.t('{0} Inference deployment {1} cannot be called from here.', input.message, deployment) };
    default:
      return { message: l10n.t('Inference deployment {0} could not answer: {1}', deployment, input.message), next: 'retry' };
  }
}
