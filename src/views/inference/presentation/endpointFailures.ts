import * as l10n from '@vscode/l10n';
import type { EndpointErrorKind } from '../../../api/inference/endpointClient';

/** What a person can do next about a failed call to a deployment's address. */
export type EndpointNextStep = 'start' | 'retry' | 'pasteKey' | 'refresh';

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
}

export interface EndpointFailure {
  message: string;
  next?: EndpointNextStep;
}

/**
 * A failed call to a deployment's address in one sentence with the next step: a stopped deployment is offered a
 * start, one waking from zero is given time, a refused key points at the key, a model gone at the models the
 * deployment lists now.
 */
export function endpointFailure(input: EndpointFailureInput): EndpointFailure {
  const { deployment } = input;
  switch (input.kind) {
    case 'unavailable':
      if (input.code === 'deployment_disabled' || input.status === 'DISABLED') {
        return {
          message: l10n.t('Inference deployment {0} is stopped: start it, then send the request again.', deployment),
          next: 'start',
        };
      }
      return {
        message: l10n.t('Inference deployment {0} has no pod ready to answer: wait until it is running, then try again.', deployment),
        next: 'retry',
      };
    case 'network':
      if (input.status === 'PENDING') {
        return {
          message: l10n.t(
            'Inference deployment {0} is still waking from zero pods ({1}): its first pod may take minutes to start; try again shortly.',
            deployment,
            input.message,
          ),
          next: 'retry',
        };
      }
      return { message: l10n.t('{0} Check the network and the deployment, then try again.', input.message), next: 'retry' };
    case 'unauthorized':
      return input.keyName === undefined
        ? {
            message: l10n.t(
              'Inference deployment {0} asks for an API key now: refresh it, attach a key whose secret this machine holds, then try again.',
              deployment,
            ),
            next: 'refresh',
          }
        : {
            message: l10n.t(
              'Inference deployment {0} refused API key {1}: it may be detached or expired, or the secret stored here outdated; paste its secret again or attach another key.',
              deployment,
              input.keyName,
            ),
            next: 'pasteKey',
          };
    case 'modelNotFound':
      return {
        message: l10n.t(
          'Inference deployment {0} no longer serves model {1}: try again to use the model it lists now.',
          deployment,
          input.model ?? '?',
        ),
        next: 'retry',
      };
    case 'notFound':
      return {
        message: l10n.t(
          'Nothing answers at the address of inference deployment {0} ({1}): it may have been deleted; refresh the tree.',
          deployment,
          input.message,
        ),
        next: 'refresh',
      };
    case 'broken':
    case 'server':
      return input.received !== undefined && input.received > 0
        ? {
            message: l10n.t(
              'The answer of inference deployment {0} broke off after {1} characters: try again.',
              deployment,
              input.received,
            ),
            next: 'retry',
          }
        : { message: l10n.t('Inference deployment {0} failed to answer: try again.', deployment), next: 'retry' };
    case 'rateLimited':
      return {
        message: l10n.t('Inference deployment {0} is busy ({1}): try again in a moment.', deployment, input.message),
        next: 'retry',
      };
    case 'badAddress':
      return { message: l10n.t('{0} Inference deployment {1} cannot be called from here.', input.message, deployment) };
    default:
      return { message: l10n.t('Inference deployment {0} could not answer: {1}', deployment, input.message), next: 'retry' };
  }
}
