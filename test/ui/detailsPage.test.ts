import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { REPO_ROOT } from '../runner/extension-under-test';
import { eventually } from '../support/eventually';
import { linkTargets, placeholderReason } from '../packaging/packageLinks';
import { PACKAGED_README } from '../packaging/packagedReadmePath';
import { startUiSession, type UiSession } from './ui-session';

const FAILURE_DIR = path.join(REPO_ROOT, 'test-results');

/**
 * The details page of the installed .vsix, as a user opens it from the Extensions view: the README with the
 * guides it links, no broken picture, every link leading where the project means and every in-page link to a
 * heading of the page.
 */
describe("The extension's details page, as installed from the .vsix", function () {
  this.timeout(120_000);
  let session: UiSession;

  before(async function () {
    this.timeout(240_000);
    session = await startUiSession({ apiKey: 'details-page-key-0123456789' });
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'failed' || !session) return;
    fs.mkdirSync(FAILURE_DIR, { recursive: true });
    await session.workbench.page.screenshot({ path: path.join(FAILURE_DIR, 'ui-details-page.png') }).catch(() => undefined);
  });

  after(async function () {
    this.timeout(30_000);
    await session?.close();
  });

  /** The webview frame that holds the README as rendered, once its title is in it. */
  async function readmeFrame(): Promise<Frame> {
    return eventually(async () => {
      for (const frame of session.workbench.page.frames()) {
        const found = await frame
          .locator('h1', { hasText: 'Gcore for VS Code' })
          .count()
          .catch(() => 0);
        if (found > 0) return frame;
      }
      throw new Error('no frame shows the README yet');
    }, 60_000);
  }

  it('shows the README and its guides with no broken picture, only the links they mean, and in-page links that lead somewhere', async () => {
    const wb = session.workbench;
    // Right after start-up the palette may not list the Extensions view's commands yet: ask again until it does.
    await eventually(async () => {
      await wb.page.keyboard.press('Escape');
      await wb.page.keyboard.press('F1');
      await wb.quickInputBox.fill('>Extensions: Show Installed Extensions');
      await wb.quickPickRow('Extensions: Show Installed Extensions').click({ timeout: 5_000 });
    }, 90_000);
    const entry = wb.page.locator('.extensions-viewlet .extension-list-item', { hasText: 'Gcore' }).first();
    await entry.waitFor();
    await entry.click();
    await wb.page.locator('.extension-editor .header .name', { hasText: 'Gcore' }).waitFor();

    const frame = await readmeFrame();
    await frame.locator('h2', { hasText: 'Getting help' }).waitFor();
    await frame.locator('h2', { hasText: 'Troubleshooting' }).waitFor();
    // VS Code shows a README's pictures only from https addresses; the packaged README has none, so nothing is broken.
    const images = await frame.locator('img').evaluateAll((shown) =>
      shown.map((image) => {
        const loaded = image as unknown as { src: string; complete: boolean; naturalWidth: number };
        return { src: loaded.src, naturalWidth: loaded.complete ? loaded.naturalWidth : 0 };
      }),
    );
    assert.deepEqual(
      images.filter((image) => image.naturalWidth === 0),
      [],
      'every picture on the page loaded',
    );
    const links = await frame.locator('a[href]').evaluateAll((shown) => shown.map((link) => link.getAttribute('href') ?? ''));
    const meant = new Set(linkTargets(fs.readFileSync(PACKAGED_README, 'utf8')).filter((target) => /^https?:/.test(target)));
    assert.ok(links.length > 0, "the README's links are on the page");
    for (const link of links.filter((href) => !href.startsWith('#'))) {
      assert.ok(meant.has(link), `${link} is a link the packaged README holds`);
      assert.equal(placeholderReason(link), undefined, link);
    }
    // The packaged README's links to the guides became in-page links: the page's renderer must give the headings those ids.
    const ids = new Set(await frame.locator('[id]').evaluateAll((shown) => shown.map((element) => element.id)));
    // `#` alone is the page's own scroll-to-top link.
    const inPage = links.filter((href) => href.startsWith('#') && href !== '#');
    assert.ok(inPage.length > 0, 'the links to the guides are on the page');
    for (const link of inPage) assert.ok(ids.has(decodeURIComponent(link.slice(1))), `${link} leads to a heading of the page`);

    // The page's header offers no Repository or Issues link to a placeholder.
    const headerLinks = await wb.page
      .locator('.extension-editor .header a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const link of headerLinks.filter((href) => /^https?:/.test(href))) assert.equal(placeholderReason(link), undefined, link);
    assert.equal(
      await wb.page.locator('.extension-editor .header', { hasText: 'Preview' }).count(),
      1,
      'marked Preview while the version is 0.x',
    );
    await wb.screenshot('details-page');

    // Following one of them scrolls the page to that guide.
    await frame.locator('a[href="#troubleshooting"]').first().click();
    await eventually(async () => {
      const top = await frame.locator('h2#troubleshooting').evaluate((heading) => heading.getBoundingClientRect().top);
      // A scroll may land a fraction of a pixel past the heading: sub-pixel layout, still the top of the page.
      assert.ok(top > -1 && top < 200, `the Troubleshooting guide is at the top of the page (${top})`);
    }, 10_000);
  });
});
