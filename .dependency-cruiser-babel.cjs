// How dependency-cruiser reads the TypeScript files. Its own TypeScript reader needs the
// `typescript` package's compiler API (versions 2–6); this project's TypeScript 7 has none, so
// dependency-cruiser would find no .ts/.tsx file at all. Babel (@babel/core, already here
// through @react-router/dev) parses TypeScript and JSX without a plugin package; the plugin
// below keeps only what dependency-cruiser reads, every module a file names (imports, type
// imports, re-exports, dynamic imports, `import("x").T` types), as plain `import "x"` lines.
function keepOnlyModuleReferences({ types: t }) {
  return {
    visitor: {
      Program: {
        exit(program) {
          const statics = new Set();
          const dynamics = new Set();
          program.traverse({
            ImportDeclaration(path) {
              statics.add(path.node.source.value);
            },
            ExportNamedDeclaration(path) {
              if (path.node.source) statics.add(path.node.source.value);
            },
            ExportAllDeclaration(path) {
              statics.add(path.node.source.value);
            },
            TSImportType(path) {
              const argument = path.node.argument;
              const literal = argument && argument.type === "TSLiteralType" ? argument.literal : argument;
              if (literal && literal.type === "StringLiteral") statics.add(literal.value);
            },
            CallExpression(path) {
              const [first] = path.node.arguments;
              if (path.node.callee.type === "Import" && first && first.type === "StringLiteral") {
                dynamics.add(first.value);
              }
            },
            ImportExpression(path) {
              if (path.node.source.type === "StringLiteral") dynamics.add(path.node.source.value);
            },
          });
          program.node.body = [
            ...[...statics].map((source) => t.importDeclaration([], t.stringLiteral(source))),
            ...[...dynamics].map((source) => t.expressionStatement(t.callExpression(t.import(), [t.stringLiteral(source)]))),
          ];
          program.node.directives = [];
          program.skip();
        },
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  parserOpts: { plugins: ["typescript", "jsx"] },
  plugins: [keepOnlyModuleReferences],
};
