import { Controller } from '@nestjs/common';
import { ROUTES, type Caller } from '@nivesh/proto';
import { CurrentCaller, Input, RequestId, Route, type RouteInput } from '../http/route.decorator';
import { RpcGateway } from '../rpc/rpc-gateway';

type R = typeof ROUTES;

/** Registration, login, sessions and password reset: forwarded to services/auth. */
@Controller()
export class AuthController {
  constructor(private readonly rpc: RpcGateway) {}

  @Route(ROUTES.registerRequestOtp)
  registerRequestOtp(@Input() input: RouteInput<R['registerRequestOtp']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.registerRequestOtp.rpc, input, { correlationId });
  }

  @Route(ROUTES.registerVerifyOtp)
  registerVerifyOtp(@Input() input: RouteInput<R['registerVerifyOtp']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.registerVerifyOtp.rpc, input, { correlationId });
  }

  @Route(ROUTES.loginRequestOtp)
  loginRequestOtp(@Input() input: RouteInput<R['loginRequestOtp']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.loginRequestOtp.rpc, input, { correlationId });
  }

  @Route(ROUTES.loginVerifyOtp)
  loginVerifyOtp(@Input() input: RouteInput<R['loginVerifyOtp']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.loginVerifyOtp.rpc, input, { correlationId });
  }

  @Route(ROUTES.getUserEmail)
  getUserEmail(@Input() input: RouteInput<R['getUserEmail']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.getUserEmail.rpc, input, { correlationId });
  }

  @Route(ROUTES.resendOtp)
  resendOtp(@Input() input: RouteInput<R['resendOtp']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.resendOtp.rpc, input, { correlationId });
  }

  @Route(ROUTES.forgotPassword)
  forgotPassword(@Input() input: RouteInput<R['forgotPassword']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.forgotPassword.rpc, input, { correlationId });
  }

  @Route(ROUTES.resetPassword)
  resetPassword(@Input() input: RouteInput<R['resetPassword']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.resetPassword.rpc, input, { correlationId });
  }

  @Route(ROUTES.login)
  login(@Input() input: RouteInput<R['login']>, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.login.rpc, input, { correlationId });
  }

  @Route(ROUTES.me)
  me(@Input() input: RouteInput<R['me']>, @CurrentCaller() caller: Caller, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.me.rpc, { ...input, caller }, { correlationId });
  }

  @Route(ROUTES.logout)
  logout(@Input() input: RouteInput<R['logout']>, @CurrentCaller() caller: Caller, @RequestId() correlationId: string) {
    return this.rpc.call(ROUTES.logout.rpc, { ...input, caller }, { correlationId });
  }
}
