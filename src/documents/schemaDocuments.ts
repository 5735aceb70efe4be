import type * as vscode from 'vscode';
import { containerDocumentSchema } from '../models/containerDocument';

/**
 * The schema of container documents (scheme `gcore-schema`), served from the same field rules as the
 * prompts. package.json's `jsonValidation` points VS Code's JSON editor here for every document of the
 * container scheme.
 */
export class SchemaDocuments implements vscode.TextDocumentContentProvider {
  provideTextDocumentContent(uri: vscode.Uri): string | undefined {
    return uri.path === '/container.json' ? JSON.stringify(containerDocumentSchema(), null, 2) : undefined;
  }
}
