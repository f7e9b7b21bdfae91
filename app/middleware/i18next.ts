import type { MiddlewareFunction } from "react-router";
import { requestI18nextMiddleware } from "#app/i18n/request.server.ts";

/**
 * The root's first middleware: remix-i18next's (createI18nextMiddleware, in
 * app/i18n/request.server.ts, the one place for the page language and translators that
 * loaders, actions and modules read) puts the request's language and i18next instance into
 * the context.
 */
export const i18nextMiddleware: MiddlewareFunction<Response> = requestI18nextMiddleware;
