// The mex extension: the language's colours and configuration are in
// package.json; this starts `mex lsp`, the language server, for *.mex files.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('mex').get('server.path') || 'mex';
  const server = { command, args: ['lsp'] };
  const options = { documentSelector: [{ language: 'mex' }] };
  client = new LanguageClient('mex', 'mex language server', server, options);
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
