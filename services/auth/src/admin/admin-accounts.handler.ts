import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AUTH, type AdminAuditPayload, type AdminSetRolePayload, type AdminSetStatusPayload, type AdminUsersPayload } from '@nivesh/proto';
import { AdminAccountsService } from './admin-accounts.service';

/** GET /api/admin/users, POST /api/admin/users/role and /status, GET /api/admin/audit (the gateway lets only admins through). */
@Controller()
export class AdminAccountsHandler {
  constructor(private readonly admin: AdminAccountsService) {}

  @MessagePattern(AUTH.adminUsers.pattern)
  users(@Payload() payload: AdminUsersPayload) {
    return this.admin.list(payload);
  }

  @MessagePattern(AUTH.adminSetRole.pattern)
  setRole(@Payload() payload: AdminSetRolePayload) {
    return this.admin.setRole(payload);
  }

  @MessagePattern(AUTH.adminSetStatus.pattern)
  setStatus(@Payload() payload: AdminSetStatusPayload) {
    return this.admin.setStatus(payload);
  }

  @MessagePattern(AUTH.adminAudit.pattern)
  audit(@Payload() payload: AdminAuditPayload) {
    return this.admin.auditLog(payload);
  }
}
