import type { FastifyInstance } from 'fastify';
import accountRoutes from './account/account.routes.ts';
import admissionsRoutes from './admissions/admissions.routes.ts';
import auditRoutes from './audit/audit.routes.ts';
import authRoutes from './auth/auth.routes.ts';
import passwordResetRoutes from './auth/password-reset.routes.ts';
import backupsRoutes from './backups/backups.routes.ts';
import categoriesRoutes from './categories/categories.routes.ts';
import enquiriesRoutes from './enquiries/enquiries.routes.ts';
import eventsRoutes from './events/events.routes.ts';
import familiesRoutes from './families/families.routes.ts';
import familyAuthRoutes from './family-auth/family-auth.routes.tsx';
import feedsRoutes from './feeds/feeds.routes.ts';
import galleriesRoutes from './galleries/galleries.routes.ts';
import healthRoutes from './health/health.routes.ts';
import installRoutes from './install/install.routes.ts';
import mailingsRoutes from './mailings/mailings.routes.ts';
import mediaRoutes from './media/media.routes.ts';
import noticesRoutes from './notices/notices.routes.ts';
import newsletterRoutes from './newsletter/newsletter.routes.tsx';
import overviewRoutes from './overview/overview.routes.ts';
import postsRoutes from './posts/posts.routes.ts';
import rolesRoutes from './roles/roles.routes.ts';
import schedulingRoutes from './scheduling/scheduling.routes.ts';
import schoolYearRoutes from './school-year/school-year.routes.ts';
import securityRoutes from './security/security.routes.ts';
import siteRoutes from './site/site.routes.ts';
import twoFactorRoutes from './two-factor/two-factor.routes.ts';
import usersRoutes from './users/users.routes.ts';
import websitePagesRoutes from './website/pages.routes.ts';
import websiteRoutes from './website/website.routes.ts';

/** Every module's routes; each module owns its file, this list only registers them. */
export async function registerModules(app: FastifyInstance) {
  for (const module of [
    healthRoutes,
    installRoutes,
    authRoutes,
    passwordResetRoutes,
    twoFactorRoutes,
    accountRoutes,
    usersRoutes,
    rolesRoutes,
    siteRoutes,
    websiteRoutes,
    websitePagesRoutes,
    categoriesRoutes,
    eventsRoutes,
    schoolYearRoutes,
    galleriesRoutes,
    postsRoutes,
    mediaRoutes,
    enquiriesRoutes,
    mailingsRoutes,
    noticesRoutes,
    newsletterRoutes,
    admissionsRoutes,
    familiesRoutes,
    familyAuthRoutes,
    feedsRoutes,
    auditRoutes,
    securityRoutes,
    backupsRoutes,
    overviewRoutes,
    schedulingRoutes,
  ]) {
    await app.register(module);
  }
}
