import * as assert from 'node:assert/strict';
import {
  checkClusterId,
  checkHostAddress,
  checkLoginName,
  type CheckResult,
  type ClusterId,
  type HostAddress,
  type LoginName,
  type SshAlias,
} from '../../../src/models/gpu/ssh/sshValues';

/*
 * Checked SSH values for fixtures: each passes its check, or the test fails there.
 */

function passed<T>(result: CheckResult<T>): T {
  if (!result.ok) throw new Error(`fixture refused: ${result.reason}`);
  return result.value;
}

export const clusterId = (text: string): ClusterId => passed(checkClusterId(text));
export const hostAddress = (text: string): HostAddress => passed(checkHostAddress(text));
export const loginName = (text: string): LoginName => passed(checkLoginName(text));

/** An alias as assignAliases makes them (its own test holds it to their form). */
export const sshAlias = (text: string): SshAlias => {
  assert.match(text, /^[a-z0-9][a-z0-9.-]*$/);
  return text as SshAlias;
};
