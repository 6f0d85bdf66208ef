// Starts `meeple lsp` for YAML files; the server answers for the files of meeple games and mods only.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate() {
  const [command, ...args] = vscode.workspace.getConfiguration("meeple").get("command");
  client = new LanguageClient("meeple", "meeple", { command, args },
    { documentSelector: [{ scheme: "file", language: "yaml" }] });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
