#!/usr/bin/env node
import { bundleFor } from './bundles.js'
import { commandWords } from './command-words.js'

// A client call runs from the client bundle, and a node from the node bundle, when the build wrote
// them; anything else, from the modules.
const bundle = bundleFor(commandWords(process.argv.slice(2))[0])
await (bundle ?? (await import('./run-cli.js'))).runCli(process.argv)
