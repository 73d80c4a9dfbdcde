/** A named thing of the install, as `docs/components.json` lists it. */
export interface Component {
  name: string;
  description: string;
  /** The package, app or page it lives in or is documented on. */
  where?: string;
}

/**
 * What `docs/components.json` lists. The build fills `packages` and `apps` from the packages it
 * was given and adds the docs MCP tools (as tools and as `docs.*` capabilities); callers add the
 * rest from what exists (the CLI's commands, the server's MCP tools, interpreters).
 */
export interface Components {
  packages: Component[];
  apps: Component[];
  cliCommands: Component[];
  mcpTools: Component[];
  interpreters: Component[];
  capabilities: Component[];
}
