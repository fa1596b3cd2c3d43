// @vitest-environment jsdom
import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiRequest, offlineMessage } from './api-client.ts';
import { toast } from './toasts.tsx';

vi.mock('./toasts.tsx', () => ({ toast: { error: vi.fn() } }));

type Adapter = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

const answer =
  (status: number, body: unknown): Adapter =>
  async (config) => {
    const response = { data: body, status, statusText: '', headers: {}, config } as AxiosResponse;
    if (status >= 400) throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, {}, response);
    return response;
  };

const noAnswer: Adapter = async (config) => {
  throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
};

const assign = vi.fn();
// The window's own location, put back after each test: the files of a process share the window (decision 073), and a
// copy left in its place kept the address it was made at for every file after this one.
const ownLocation = Object.getOwnPropertyDescriptor(window, 'location');

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  assign.mockClear();
  Object.defineProperty(window, 'location', { value: { ...window.location, assign }, configurable: true });
});
afterEach(() => {
  if (ownLocation) Object.defineProperty(window, 'location', ownLocation);
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
});

describe('the API client', () => {
  it('sends JSON with the Bearer token from the cookie and returns the envelope data', async () => {
    Cookies.set('accessToken', 'token-123');
    Cookies.set('tokenExpiry', String(Math.floor(Date.now() / 1000) + 600));
    let seen: InternalAxiosRequestConfig | undefined;
    const data = await apiRequest<{ ok: boolean }>({
      url: '/things',
      params: { page: 2 },
      adapter: async (config) => {
        seen = config;
        return answer(200, { httpStatus: 'OK', message: 'Fine.', data: { ok: true } })(config);
      },
    });
    expect(data).toEqual({ ok: true });
    expect(seen?.headers.Authorization).toBe('Bearer token-123');
    expect(seen?.headers['Content-Type']).toBe('application/json');
    expect(seen?.baseURL).toBe('/api');
    expect(seen?.params).toEqual({ page: 2 });
  });

  it('shows the server’s message in an error toast', async () => {
    await expect(
      api.request({ url: '/x', adapter: answer(409, { httpStatus: 'CONFLICT', message: 'That name is taken.' }) }),
    ).rejects.toThrow();
    expect(toast.error).toHaveBeenCalledWith('That name is taken.', expect.anything());
  });

  it('stays quiet when the call asks for silence', async () => {
    await expect(
      api.request({ url: '/x', silent: true, adapter: answer(409, { httpStatus: 'CONFLICT', message: 'No.' }) }),
    ).rejects.toThrow();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says the device is offline when no answer comes back', async () => {
    await expect(api.request({ url: '/x', adapter: noAnswer })).rejects.toThrow();
    expect(toast.error).toHaveBeenCalledWith(offlineMessage, expect.anything());
  });

  it('wipes the session and goes to sign-in on UNAUTHORIZED', async () => {
    for (const name of ['accessToken', 'refreshToken', 'u', 'email', 'platforms']) Cookies.set(name, 'x');
    Cookies.set('tokenExpiry', String(Math.floor(Date.now() / 1000) + 600));
    Cookies.set('unrelated', 'kept');
    sessionStorage.setItem('draft', '1');
    await expect(
      api.request({ url: '/x', adapter: answer(401, { httpStatus: 'UNAUTHORIZED', message: 'Please sign in.' }) }),
    ).rejects.toThrow();
    expect(Object.keys(Cookies.get())).toEqual(['unrelated']);
    expect(sessionStorage.length).toBe(0);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/sign-in'));
  });
});

const jwtExpiringIn = (seconds: number) =>
  `h.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds })).toString('base64url')}.s`;

describe('an expired access token', () => {
  const originalAdapter = axios.defaults.adapter;
  afterEach(() => {
    axios.defaults.adapter = originalAdapter;
  });

  function expiredSession() {
    Cookies.set('accessToken', jwtExpiringIn(-60));
    Cookies.set('tokenExpiry', String(Math.floor(Date.now() / 1000) - 60));
    Cookies.set('u', 'auth-1');
  }

  it('is renewed once before the next calls, shared by calls made together', async () => {
    expiredSession();
    const renewed = jwtExpiringIn(900);
    let refreshes = 0;
    axios.defaults.adapter = async (config) => {
      refreshes += 1;
      expect(JSON.parse(config.data as string)).toEqual({ authId: 'auth-1' });
      return {
        data: { httpStatus: 'OK', message: '', data: { accessToken: renewed, refreshToken: 'r2' } },
        status: 200,
        statusText: '',
        headers: {},
        config,
      };
    };
    const seen: string[] = [];
    const capture: Adapter = async (config) => {
      seen.push(String(config.headers.Authorization));
      return answer(200, { httpStatus: 'OK', message: '', data: {} })(config);
    };
    await Promise.all([api.request({ url: '/a', adapter: capture }), api.request({ url: '/b', adapter: capture })]);
    expect(refreshes).toBe(1);
    expect(seen).toEqual([`Bearer ${renewed}`, `Bearer ${renewed}`]);
    expect(Cookies.get('accessToken')).toBe(renewed);
    expect(Number(Cookies.get('tokenExpiry'))).toBeGreaterThan(Date.now() / 1000 + 800);
  });

  it('is used as it is when the refresh token is the literal text null', async () => {
    expiredSession();
    Cookies.set('refreshToken', 'null');
    axios.defaults.adapter = async () => {
      throw new Error('must not refresh');
    };
    let sent = '';
    await api.request({
      url: '/a',
      adapter: async (config) => {
        sent = String(config.headers.Authorization);
        return answer(200, { httpStatus: 'OK', message: '', data: {} })(config);
      },
    });
    expect(sent).toBe(`Bearer ${Cookies.get('accessToken')}`);
  });

  it('ends the session when it can no longer be renewed', async () => {
    expiredSession();
    axios.defaults.adapter = answer(401, { httpStatus: 'UNAUTHORIZED', message: 'Your session has ended.' });
    await expect(api.request({ url: '/a', adapter: answer(200, {}) })).rejects.toThrow();
    expect(Cookies.get('accessToken')).toBeUndefined();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/sign-in'));
  });
});
