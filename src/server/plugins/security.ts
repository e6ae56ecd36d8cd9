// Security headers with a strict Content-Security-Policy: everything from our own origin, no
// inline script. Styles set through the CSSOM (React's style prop) are not affected by style-src.
// 'wasm-unsafe-eval' lets the scan page compile its own barcode reader (ZXing WebAssembly, served
// from /assets) where the browser has no BarcodeDetector; it allows no JavaScript eval.
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

async function securityPlugin(app: FastifyInstance, { frameOrigins = [] }: { frameOrigins?: string[] }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only the configured pickup-point map widgets may be framed.
        frameSrc: frameOrigins.length > 0 ? frameOrigins : ["'none'"],
      },
    },
    // Same-origin API and assets only; nothing here needs cross-origin isolation.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
  });
}

export const security = fp(securityPlugin, { name: 'security' });
