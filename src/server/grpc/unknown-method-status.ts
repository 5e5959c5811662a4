/** gRPC's Unimplemented code. */
const UNIMPLEMENTED = 12

/**
 * grpc-go's status for a call of a path the server has no handler for: `unknown service <s>`, or
 * `unknown method <m> for service <s>` when the service is served (both Unimplemented). Undefined
 * for a path without a `/` between service and method (grpc-js's own answer stays).
 */
export function unknownMethodStatus(
  path: string,
  services: ReadonlySet<string>,
): { code: typeof UNIMPLEMENTED; details: string } | undefined {
  const name = path.startsWith('/') ? path.slice(1) : path
  const slash = name.lastIndexOf('/')
  if (slash < 0) return undefined
  const service = name.slice(0, slash)
  return {
    code: UNIMPLEMENTED,
    details: services.has(service)
      ? `unknown method ${name.slice(slash + 1)} for service ${service}`
      : `unknown service ${service}`,
  }
}
