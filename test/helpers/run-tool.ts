import { execFile } from 'node:child_process'

/** What a user sees of a finished command: its exit code, stdout and stderr. */
export interface ToolResult {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs a program (an upstream client such as `buf curl` or grpcurl) to completion; a non-zero exit
 * is a result, not an error. A program that cannot start, or is killed at `timeoutMs`, exits -1.
 */
export function runTool(
  file: string,
  args: readonly string[],
  { timeoutMs = 30_000 }: { timeoutMs?: number } = {},
): Promise<ToolResult> {
  return new Promise((resolve) => {
    execFile(file, [...args], { timeout: timeoutMs }, (err, stdout, stderr) => {
      const code = err ? (err as { code?: unknown }).code : 0
      resolve({ code: typeof code === 'number' ? code : -1, stdout, stderr })
    })
  })
}
