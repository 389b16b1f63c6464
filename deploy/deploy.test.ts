import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clusterNginxConfig } from "@/scripts/cluster";

/**
 * The container deployment (README "Deploying"): docker-compose.yml validated by `docker-compose config` (Debian
 * package `docker-compose`, which needs no Docker daemon for that), deploy/nginx.conf by `nginx -t` as the
 * load-balancer browser test runs it, and the Dockerfile's promises read from the file. Containers cannot be pulled
 * or built on these machines, so nothing here starts one.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const COMPOSE = ["/usr/bin/docker-compose", "/usr/local/bin/docker-compose"].find((p) => existsSync(p));
const NGINX = process.env.NGINX_PATH || "/usr/sbin/nginx";
const SECRETS = { AUTH_SECRET: "a".repeat(64), POSTGRES_PASSWORD: "pw-for-config-check" };

function compose(args: string[], env: Record<string, string | undefined>) {
  // Only what the test passes: none of the caller's own deployment settings, and no daemon to reach.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DOCKER_HOST: "unix:///nonexistent/docker.sock" };
  for (const name of ["AUTH_SECRET", "POSTGRES_PASSWORD", "SITE_URL", "HTTP_PORT", "SUPPORT_EMAIL"]) delete childEnv[name];
  return spawnSync(COMPOSE!, ["--project-directory", ROOT, "-f", path.join(ROOT, "docker-compose.yml"), ...args], {
    cwd: ROOT,
    env: { ...childEnv, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe.skipIf(!COMPOSE)("docker-compose.yml", () => {
  it("is valid: PostgreSQL with a volume and a health check, two app processes from one image, nginx in front", () => {
    const res = compose(["config"], SECRETS);
    expect(res.status, res.stderr).toBe(0);
    const out = res.stdout;
    expect(compose(["config", "--services"], SECRETS).stdout.trim().split("\n").sort()).toEqual(["app1", "app2", "db", "nginx", "prometheus"]);
    expect(compose(["config", "--volumes"], SECRETS).stdout.trim()).toBe("pgdata");
    expect(out).toMatch(/db:[\s\S]*healthcheck:[\s\S]*pg_isready/);
    expect(out).toContain("pgdata:/var/lib/postgresql/data");
    // Both app services: the one image, the shared database and secret, one trusted proxy hop, the db healthy first.
    for (const service of ["app1", "app2"]) {
      const block = serviceBlock(out, service);
      expect(block).toContain("image: manganova:latest");
      expect(block).toContain(`DATABASE_URL: postgresql://manga:${SECRETS.POSTGRES_PASSWORD}@db:5432/manga`);
      expect(block).toContain(`AUTH_SECRET: ${SECRETS.AUTH_SECRET}`);
      expect(block).toContain("TRUST_PROXY_HOPS: '1'");
      expect(block).toMatch(/SITE_URL: http:\/\/localhost:8080/);
      expect(block).toContain("SUPPORT_EMAIL: support@manganova.local");
      expect(block).toMatch(/depends_on:\s+db:\s+condition: service_healthy/);
      // nginx waits for readiness (ADR 026); the image's own HEALTHCHECK is liveness.
      expect(block).toMatch(/healthcheck:[\s\S]*\/api\/health\/ready/);
    }
    const nginx = serviceBlock(out, "nginx");
    expect(nginx).toMatch(/app1:\s+condition: service_healthy/);
    expect(nginx).toMatch(/app2:\s+condition: service_healthy/);
    expect(nginx).toContain(`${path.join(ROOT, "deploy", "nginx.conf")}:/etc/nginx/nginx.conf:ro`);
    expect(nginx).toMatch(/published: 8080\s+target: 80/);
    // Metrics (ADR 026): each app on METRICS_PORT inside the network, scraped by Prometheus, whose UI stays on loopback.
    for (const service of ["app1", "app2"]) expect(serviceBlock(out, service)).toContain("METRICS_PORT: '9464'");
    const prometheus = serviceBlock(out, "prometheus");
    expect(prometheus).toContain(`${path.join(ROOT, "deploy", "prometheus.yml")}:/etc/prometheus/prometheus.yml:ro`);
    expect(prometheus).toMatch(/127\.0\.0\.1/); // published on loopback only
  });

  it("refuses to start without the secrets, and takes the public origin and port from the environment", () => {
    const missing = compose(["config"], { POSTGRES_PASSWORD: "x" });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain("set AUTH_SECRET");
    const custom = compose(["config"], { ...SECRETS, SITE_URL: "https://manga.example", HTTP_PORT: "9090", SUPPORT_EMAIL: "help@manga-site.org" });
    expect(custom.status, custom.stderr).toBe(0);
    expect(serviceBlock(custom.stdout, "app2")).toContain("SITE_URL: https://manga.example");
    // The address the FAQ, terms and privacy policy give (server/env.ts supportEmail).
    expect(serviceBlock(custom.stdout, "app2")).toContain("SUPPORT_EMAIL: help@manga-site.org");
    expect(serviceBlock(custom.stdout, "nginx")).toMatch(/published: 9090/);
  });
});
describe.skipIf(COMPOSE)("docker-compose.yml (skipped)", () => {
  it.skip("needs the docker-compose binary (Debian package docker-compose; .ci/run installs it)", () => undefined);
});

describe.skipIf(!existsSync(NGINX))("deploy/nginx.conf", () => {
  it("passes `nginx -t` as the load-balancer test runs it, and keeps what the apps rely on", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "manga-nginx-t-"));
    try {
      const conf = path.join(dir, "nginx.conf");
      writeFileSync(conf, clusterNginxConfig({ dir, port: 1, upstreams: ["127.0.0.1:3001", "127.0.0.1:3002"] }));
      const res = spawnSync(NGINX, ["-t", "-p", dir, "-e", path.join(dir, "error.log"), "-c", conf], { encoding: "utf8" });
      expect(res.status, res.stderr).toBe(0);
      const generated = readFileSync(conf, "utf8");
      expect(generated).toContain("server 127.0.0.1:3001 max_fails=3 fail_timeout=10s;");
      expect(generated).not.toContain("app1:3000");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const source = readFileSync(path.join(ROOT, "deploy", "nginx.conf"), "utf8");
    expect(source).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    expect(source).toContain("proxy_set_header X-Forwarded-Proto $scheme;");
    expect(source).toContain("proxy_set_header Host $http_host;");
    expect(source).toMatch(/location = \/api\/Notification\/GetNotificationWebSocket \{[^}]*proxy_read_timeout 1h;/);
    expect(source).toMatch(/client_max_body_size (5[0-9]|[6-9][0-9])m;/);
    // A 503 (database away) never marks a process down: only unreachable processes are skipped (ADR 026).
    expect(source).toMatch(/^\s*proxy_next_upstream error timeout;$/m);
    expect(source).toContain("proxy_set_header X-Request-Id $request_id;");
    expect(source).toMatch(/location ~ \^\/api\/health\/\(live\|ready\)\$ \{/);
  });
});

describe("metrics deployment (ADR 026)", () => {
  it("Prometheus scrapes both app processes' /api/metrics, and the Grafana dashboard reads what the app exports", () => {
    const prometheus = readFileSync(path.join(ROOT, "deploy", "prometheus.yml"), "utf8");
    expect(prometheus).toContain("metrics_path: /api/metrics");
    expect(prometheus).toContain('targets: ["app1:9464", "app2:9464"]');
    const dashboard = JSON.parse(readFileSync(path.join(ROOT, "deploy", "grafana-dashboard.json"), "utf8")) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join("\n");
    const metricsSource = readFileSync(path.join(ROOT, "server", "core", "metrics.ts"), "utf8");
    for (const name of new Set([...exprs.matchAll(/\b([a-z_]+?)(?:_bucket|_count)?\b(?=[{[)\s]|$)/gm)].map((m) => m[1]!))) {
      if (!/_(total|seconds|bytes|connections|idle|waiting|listening|open|queued|unsent|entries)$/.test(name) || name.startsWith("nodejs_")) continue;
      expect(metricsSource, name).toContain(`"${name}"`);
    }
  });
});

describe("Dockerfile", () => {
  it("builds in stages on Node 24 from the lock file and runs the build as a non-root user with a health check", () => {
    const file = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
    expect(file).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    expect(file.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
    expect(file).toContain("RUN npm ci ");
    expect(file).toContain("npm ci --omit=dev");
    expect(file).toMatch(/next build/);
    const runtime = file.slice(file.lastIndexOf("\nFROM "));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/HEALTHCHECK[\s\S]*\/api\/health\/live/);
    expect(runtime).toContain('CMD ["node", "--import", "tsx", "scripts/start.ts"]');
    expect(runtime).not.toMatch(/COPY (\.|tests|docs) /);
    expect(readFileSync(path.join(ROOT, ".dockerignore"), "utf8").split("\n")).toEqual(expect.arrayContaining(["node_modules", ".next", "data", ".env"]));
  });

  it("puts in the image only code whose packages are production dependencies (npm ci --omit=dev installs nothing else)", () => {
    const file = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
    const runtime = file.slice(file.lastIndexOf("\nFROM "));
    // What the runtime stage copies from the build context (not --from another stage).
    const sources = [...runtime.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    const ignored = readFileSync(path.join(ROOT, ".dockerignore"), "utf8").split("\n").filter((l) => l.startsWith("**/*"));
    const skip = (f: string) => ignored.some((pattern) => f.endsWith(pattern.slice(4)));
    const files: string[] = [];
    const walk = (p: string) => {
      if (statSync(p).isDirectory()) for (const e of readdirSync(p)) walk(path.join(p, e));
      else if (/\.(tsx?|mjs|js)$/.test(p) && !skip(p)) files.push(p);
    };
    for (const source of sources) walk(path.join(ROOT, source));
    expect(files.length).toBeGreaterThan(200);
    const { dependencies } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    // pino-pretty is a dev dependency loaded only in development, inside a try (server/core/log.ts).
    const allowed = new Set([...Object.keys(dependencies), ...builtinModules, "pino-pretty"]);
    const missing = new Set<string>();
    for (const f of files) {
      for (const m of readFileSync(f, "utf8").matchAll(/(?:^import [^;]*? from |^export [^;]*? from |import\(|require\()\s*["']([^"'.][^"']*)["']/gm)) {
        const name = m[1]!.replace(/^node:/, "");
        if (name.startsWith("@/") || !/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/.*)?$/.test(name)) continue;
        const pkg = name.startsWith("@") ? name.split("/").slice(0, 2).join("/") : name.split("/")[0]!;
        if (!allowed.has(pkg)) missing.add(`${pkg} (${path.relative(ROOT, f)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});

/** One service's lines in `docker-compose config` output (two-space indented YAML). */
function serviceBlock(out: string, name: string): string {
  const lines = out.split("\n");
  const start = lines.findIndex((line) => line === `  ${name}:`);
  if (start < 0) return "";
  const end = lines.findIndex((line, i) => i > start && /^ {0,2}\S/.test(line));
  return lines.slice(start, end < 0 ? undefined : end).join("\n");
}
