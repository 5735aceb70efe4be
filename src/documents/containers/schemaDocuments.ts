import type * as vscode from 'vscode';
import { containerDocumentSchema } from '../../models/containers/containerDocument';
import { newContainerSchema } from '../../models/containers/newContainerDocument';

/**
 * The schemas of container documents and new-container documents (scheme `gcore-schema`), served from the
 * same field rules as the prompts. package.json's `jsonValidation` points VS Code's JSON editor here for
 * every document of those schemes.
 */
export class SchemaDocuments implements vscode.TextDocumentContentProvider {
  provideTextDocumentContent(uri: vscode.Uri): string | undefined {
    if (uri.path === '/container.json') return JSON.stringify(containerDocumentSchema(), null, 2);
    if (uri.path === '/new-container.json') return JSON.stringify(newContainerSchema(), null, 2);
    return undefined;
  }
}
