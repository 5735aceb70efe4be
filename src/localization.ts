import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

/*
 * The layers that also run without VS Code (api, validation, models, loaders, views/presentation)
 * translate with @vscode/l10n; here it gets the bundle VS Code loaded for the display language. This
 * module is extension.ts's first import, so the bundle is in place before any of those modules loads:
 * some of their text is built at load (field labels, section names). In English there is no bundle and
 * the messages are used as written.
 */
if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
