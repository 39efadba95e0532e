/** Public surface of the staff feature (users, authentication, sessions, audit log). */
export { StaffModule, StaffApiModule } from './staff.module.js';
export { StaffUsersService } from './users.service.js';
export { AuditLogService } from './audit-log.service.js';
export { SessionSetup } from './session-setup.js';
export { User } from './user.entity.js';
export { SessionRecord } from './session.entity.js';
export { AuditLogRecord } from './audit-log.entity.js';
export { MIN_PASSWORD_LENGTH } from './password.js';
