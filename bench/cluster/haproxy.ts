/**
 * The HAProxy configuration of docs/DEPLOYMENT.md, for the given ports: round robin over the
 * instances, health checks on /healthz (an instance that answers anything but 200 — stopping, or
 * without its database — is taken out after two failed checks and back after two good ones), a
 * refused or reset connection retried on another instance, and the client's address passed on
 * in X-Forwarded-For (the server believes it with TRUST_PROXY). X-Served-By names the instance
 * that answered (s1, s2, …).
 */
export interface HaproxyOptions {
  port: number;
  /** The instances' ports on 127.0.0.1. */
  servers: readonly number[];
  checkIntervalMs: number;
}

export function haproxyConfig(o: HaproxyOptions): string {
  const servers = o.servers
    .map((port, i) => `  server s${i + 1} 127.0.0.1:${port} check`)
    .join('\n');
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-keep-alive 5s
  timeout check 2s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend locator
  bind 127.0.0.1:${o.port}
  option forwardfor
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  default-server inter ${o.checkIntervalMs}ms fall 2 rise 2
  http-response set-header X-Served-By %s
${servers}
`;
}
