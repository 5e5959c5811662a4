// Copies the .proto sources next to the compiled code (the node loads them at start-up).
import { chmodSync, cpSync, rmSync } from 'node:fs'

rmSync('dist/proto', { recursive: true, force: true })
cpSync('src/proto', 'dist/proto', { recursive: true })
chmodSync('dist/cli/main.js', 0o755)
