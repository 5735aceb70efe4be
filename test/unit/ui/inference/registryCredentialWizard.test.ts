import * as assert from 'node:assert/strict';
import { BACK } from '../../../../src/ui/promptUi';
import { runWizard } from '../../../../src/ui/wizard';
import { registryCredentialPlan, type RegistryCredentialAnswers } from '../../../../src/ui/inference/registryCredentialWizard';
import { RecordingUi } from '../recordingUi';

describe('New Registry Credential wizard', () => {
  it('asks the host name, the user, the password in a password box that opens empty after Back, then a free name', async () => {
    const ui = new RecordingUi(['https://ghcr.io', 'ghcr.io', 'me', 's3cret', BACK, BACK, 'me', 'again', 'ghcr', 'ghcr-models']);
    const state: RegistryCredentialAnswers = {};
    await runWizard(state, () => registryCredentialPlan(ui, 'Gcore: New Registry Credential', new Set(['ghcr'])));
    ui.assertAllAnswersUsed();
    const prompts = ui.prompts();
    assert.deepEqual(prompts[0].validationMessages, ['Registry: must be the host name only: drop "https://"']);
    assert.equal(prompts[2].password, true);
    assert.equal(prompts[4].password, true);
    assert.equal(prompts[4].value, undefined, 'the password typed before is not shown again');
    assert.equal(prompts[5].value, 'me', 'Back reopens the user with what was typed');
    assert.deepEqual(prompts[7].validationMessages, [
      'Registry credential name: a registry credential of this name exists in the project already',
    ]);
    assert.deepEqual(state, { registryUrl: 'ghcr.io', username: 'me', password: 'again', name: 'ghcr-models' });
  });
});
