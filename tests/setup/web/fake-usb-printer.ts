/// <reference types="w3c-web-usb" />
// A USB label printer as WebUSB shows a Zebra (issue 33): one configuration, a printer-class
// interface with a bulk IN and a bulk OUT endpoint. Records what was sent and released.
import { vi } from 'vitest';

/** A USB device as WebUSB shows a Zebra printer; records what was sent and claimed. */
export function fakePrinter({ claim = async () => undefined }: { claim?: () => Promise<void> } = {}) {
  const sent: number[][] = [];
  const released: number[] = [];
  const configuration = {
    configurationValue: 1,
    interfaces: [
      {
        interfaceNumber: 0,
        alternates: [{ interfaceClass: 7, endpoints: [{ endpointNumber: 1, direction: 'in', type: 'bulk' }, { endpointNumber: 2, direction: 'out', type: 'bulk' }] }],
      },
    ],
  };
  const device = {
    vendorId: 0x0a5f,
    productName: 'ZTC GK420d',
    opened: false,
    configuration: null as typeof configuration | null,
    configurations: [configuration],
    open: vi.fn(async () => {
      device.opened = true;
    }),
    close: vi.fn(async () => {
      device.opened = false;
    }),
    forget: vi.fn(async () => undefined),
    selectConfiguration: vi.fn(async () => {
      device.configuration = configuration;
    }),
    claimInterface: vi.fn(claim),
    releaseInterface: vi.fn(async (n: number) => {
      released.push(n);
    }),
    transferOut: vi.fn(async (endpoint: number, data: Uint8Array) => {
      sent.push([endpoint, data.length]);
      return { status: 'ok', bytesWritten: data.length };
    }),
  };
  return { device: device as unknown as USBDevice, sent, released };
}

