import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#infra/config.ts';
import { listen } from '#infra/listen.ts';
import { DEMO_PASSWORD } from '#db/seeds/org.ts';

const strongSecret = crypto.randomBytes(32).toString('hex');
/** A production configuration that starts; each test spoils one value of it. */
const prod = {
  NODE_ENV: 'production',
  APP_ENV: 'prod',
  APP_SECRET: strongSecret,
  ADMIN_USERNAME: 'ops.admin',
  ADMIN_EMAIL: 'ops.admin@oem-corp.cn',
  ADMIN_PASSWORD: 'correct horse battery staple',
  ERP_URL: 'https://s4.oem-corp.cn',
};

describe('configuration', () => {
  describe('in production', () => {
    it('starts with a random secret and a configured administrator', () => {
      const config = loadConfig(prod);
      expect(config.appSecret).toBe(strongSecret);
      expect(config.admin).toEqual({ username: 'ops.admin', email: 'ops.admin@oem-corp.cn', password: 'correct horse battery staple' });
    });

    for (const [label, secret] of [
      ['unset', undefined],
      ['shorter than 32 characters', 'k7Qp2vX9mL4tR8wZ'],
      ['the docker-compose placeholder', 'change-me-to-a-long-random-secret-of-32-chars'],
      ['another change-me placeholder', 'CHANGE_ME_please_this_is_not_secret_at_all'],
      ['one character repeated', 'a'.repeat(64)],
    ] as const) {
      it(`refuses to start with APP_SECRET ${label}, naming the variable`, () => {
        expect(() => loadConfig({ ...prod, APP_SECRET: secret })).toThrow(/^Invalid configuration:\n {2}APP_SECRET: /);
      });
    }

    it('needs the administrator: ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD', () => {
      for (const name of ['ADMIN_USERNAME', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'] as const) {
        expect(() => loadConfig({ ...prod, [name]: '' }), name).toThrow(new RegExp(`${name}: `));
      }
      expect(() => loadConfig({ ...prod, ADMIN_EMAIL: 'not an address' })).toThrow(/ADMIN_EMAIL: /);
    });

    it('refuses the demo password, a short one, one holding the username and one easy to guess for the administrator', () => {
      expect(() => loadConfig({ ...prod, ADMIN_PASSWORD: DEMO_PASSWORD })).toThrow(/ADMIN_PASSWORD: must not be the demo password/);
      // Long enough, but guessable: a repeat, a keyboard row, a common password with digits.
      for (const weak of ['aaaaaaaaaaaaaaa', 'qwertyuiopasdfg', 'Password123456!']) {
        expect(() => loadConfig({ ...prod, ADMIN_PASSWORD: weak })).toThrow(/ADMIN_PASSWORD: (is too easy to guess|is a common or breached password)/);
      }
      expect(() => loadConfig({ ...prod, ADMIN_PASSWORD: 'vault orange glacier 47' })).not.toThrow();
      expect(() => loadConfig({ ...prod, ADMIN_PASSWORD: `${DEMO_PASSWORD}-and-more-words` })).toThrow(/ADMIN_PASSWORD: must not be the demo password/);
      expect(() => loadConfig({ ...prod, ADMIN_PASSWORD: 'Tr0ub4dor&3xyz' })).toThrow(/ADMIN_PASSWORD: .*15 characters/);
      expect(() => loadConfig({ ...prod, ADMIN_PASSWORD: 'ops.admin-2026-spring-day' })).toThrow(/ADMIN_PASSWORD: must not contain the username/);
    });

    it('needs the real ERP: ERP_URL (the ERP simulator is for development)', () => {
      expect(() => loadConfig({ ...prod, ERP_URL: '' })).toThrow(/ERP_URL: is required in production/);
      expect(() => loadConfig({ ...prod, ERP_URL: 'not a url' })).toThrow(/ERP_URL: /);
      // Its basic credentials travel with every call.
      expect(() => loadConfig({ ...prod, ERP_URL: 'http://s4.oem-corp.cn' })).toThrow(/ERP_URL: must be an https address in production/);
      expect(loadConfig({ ...prod, ERP_USER: 'RFC_SUPPLIER', ERP_PASSWORD: ' pass phrase ' })).toMatchObject({
        ERP_URL: 'https://s4.oem-corp.cn',
        ERP_USER: 'RFC_SUPPLIER',
        ERP_PASSWORD: ' pass phrase ',
        embeddedErp: false,
      });
    });

    it('refuses SEED_DEMO=1: the demo accounts share a published password', () => {
      expect(() => loadConfig({ ...prod, SEED_DEMO: '1' })).toThrow(/SEED_DEMO: /);
    });

    it('has no demo data and no dev mailbox', () => {
      const config = loadConfig(prod);
      expect(config.seedDemo).toBe(false);
      expect(config.devMailbox).toBe(false);
    });
  });

  describe('demo data and the dev mailbox', () => {
    it('seed the demo data only in dev, or where SEED_DEMO=1 asks for it', () => {
      const seedDemo = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).seedDemo;
      expect(seedDemo({})).toBe(true);
      expect(seedDemo({ APP_ENV: 'dev' })).toBe(true);
      expect(seedDemo({ APP_ENV: 'dev', SEED_DEMO: '0' })).toBe(false);
      for (const APP_ENV of ['test', 'ptest', 'ontest']) {
        expect(seedDemo({ APP_ENV }), APP_ENV).toBe(false);
        expect(seedDemo({ APP_ENV, SEED_DEMO: '1' }), APP_ENV).toBe(true);
      }
    });

    it('have the dev mailbox only in dev and only without SMTP', () => {
      const devMailbox = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).devMailbox;
      expect(devMailbox({})).toBe(true);
      expect(devMailbox({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toBe(false);
      for (const APP_ENV of ['test', 'ptest', 'ontest']) expect(devMailbox({ APP_ENV }), APP_ENV).toBe(false);
    });

    it('take a set APP_SECRET to the same rules in every environment', () => {
      expect(() => loadConfig({ NODE_ENV: 'test', APP_ENV: 'test', APP_SECRET: 'change-me-to-a-long-random-secret-of-32-chars' })).toThrow(/APP_SECRET: /);
    });
  });

  describe('the ERP', () => {
    it('is the embedded simulator unless ERP_URL names one', () => {
      expect(loadConfig({ NODE_ENV: 'test' }).embeddedErp).toBe(true);
      expect(loadConfig({ NODE_ENV: 'test', ERP_URL: 'http://127.0.0.1:4300' }).embeddedErp).toBe(false);
    });

    it('must be named when the API and the worker run apart: each would start its own simulator', () => {
      const apart = { NODE_ENV: 'test', APP_ENV: 'test', APP_SECRET: strongSecret };
      expect(() => loadConfig({ ...apart, ROLE: 'worker' })).toThrow(/ERP_URL: is required when the API and the worker run as separate processes/);
      expect(loadConfig({ ...apart, ROLE: 'worker', ERP_URL: 'http://erp-simulator:4300' }).ROLE).toBe('worker');
    });
  });

  describe('the address the app listens on', () => {
    it('is the loopback interface unless HOST says otherwise', async () => {
      expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
      expect(loadConfig({ NODE_ENV: 'test', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');

      const config = loadConfig({ NODE_ENV: 'test', PORT: '0' });
      const server = await listen(express(), config);
      try {
        expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('refuses to start on a port already taken, naming it, rather than starting without listening', async () => {
      const first = await listen(express(), loadConfig({ NODE_ENV: 'test', PORT: '0' }));
      try {
        const { port } = first.address() as AddressInfo;
        await expect(listen(express(), loadConfig({ NODE_ENV: 'test', PORT: String(port) }))).rejects.toThrow(`EADDRINUSE: address already in use 127.0.0.1:${port}`);
      } finally {
        await new Promise((resolve) => first.close(resolve));
      }
    });
  });
});
