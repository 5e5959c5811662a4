// Copies the .proto sources next to the compiled code (the node loads them at start-up) and writes
// their precompiled form, dist/proto/registry.json (protobufjs's JSON descriptor of the parsed
// sources and their parts), which the registry loads instead of parsing; copies the dashboard's CSS
// and script, which the REST server serves from the package.
import { chmodSync, cpSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

rmSync('dist/proto', { recursive: true, force: true })
cpSync('src/proto', 'dist/proto', { recursive: true })
rmSync('dist/server/dashboard/assets', { recursive: true, force: true })
cpSync('src/server/dashboard/assets', 'dist/server/dashboard/assets', { recursive: true })
chmodSync('dist/cli/main.js', 0o755)
const { compileProtoSources } = await import('../dist/codec/proto-compile.js')
const { REGISTRY_JSON } = await import('../dist/codec/proto-registry-json.js')
writeFileSync(`dist/proto/${REGISTRY_JSON}`, compileProtoSources(resolve('dist/proto')))
