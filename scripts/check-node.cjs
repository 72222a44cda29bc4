// Runs as npm's preinstall. The app runs on the Node 24 binary of the `node` dependency; the
// machine's own Node only runs npm and the install. npm runs the root preinstall after the
// dependencies are in place (node_modules/.bin/node is then first on PATH), so the Node that runs
// npm is read from npm's user agent, not from process.version. Written for any Node that starts npm.
var agent = /node\/v(\d+)\.(\d+)\.(\d+)/.exec(process.env.npm_config_user_agent || "");
var version = agent ? agent.slice(1, 4).map(Number) : process.versions.node.split(".").map(Number);
var major = version[0];
var minor = version[1];
// npm 11's own range: ^20.17.0 || >=22.9.0 (also package.json "engines")
var ok = (major === 20 && minor >= 17) || (major === 22 && minor >= 9) || major >= 23;
if (!ok) {
  process.stderr.write(
    "This project needs Node.js ^20.17.0 or >=22.9.0 to run npm (found v" +
      version.join(".") +
      "; npm then installs the Node 24 the site runs on): update the system Node from https://nodejs.org and run npm install again.\n",
  );
  process.exit(1);
}
