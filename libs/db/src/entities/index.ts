export * from './transformers';
export * from './role.entity';
export * from './user.entity';
export * from './district.entity';
export * from './property-category.entity';
export * from './property-subcategory.entity';
export * from './property-type.entity';
export * from './building-complex.entity';
export * from './property.entity';
export * from './property-image.entity';
export * from './auth-session.entity';
export * from './refresh-token.entity';
export * from './password-reset-token.entity';
export * from './favorite.entity';
export * from './partner-category.entity';
export * from './partner.entity';
export * from './blog-category.entity';
export * from './blog-post.entity';
export * from './lead.entity';
export * from './property-lead.entity';
export * from './outbox-message.entity';
export * from './website-analytics.entity';
export * from './audit-log.entity';

import { AuditLog } from './audit-log.entity';
import { AuthSession } from './auth-session.entity';
import { BlogCategory } from './blog-category.entity';
import { BlogPost } from './blog-post.entity';
import { Partner } from './partner.entity';
import { PartnerCategory } from './partner-category.entity';
import { BuildingComplex } from './building-complex.entity';
import { District } from './district.entity';
import { Favorite } from './favorite.entity';
import { PropertyLead } from './property-lead.entity';
import { Lead } from './lead.entity';
import { OutboxMessage } from './outbox-message.entity';
import { WebsiteEvent, WebsitePageView } from './website-analytics.entity';
import { PasswordResetToken } from './password-reset-token.entity';
import { Property } from './property.entity';
import { PropertyCategory } from './property-category.entity';
import { PropertyImage } from './property-image.entity';
import { PropertySubcategory } from './property-subcategory.entity';
import { PropertyType } from './property-type.entity';
import { RefreshToken } from './refresh-token.entity';
import { Role } from './role.entity';
import { User } from './user.entity';

/** Every entity, for the data source. */
export const ENTITIES = [
  Role,
  User,
  District,
  PropertyCategory,
  PropertySubcategory,
  PropertyType,
  BuildingComplex,
  Property,
  PropertyImage,
  AuthSession,
  RefreshToken,
  PasswordResetToken,
  Favorite,
  PartnerCategory,
  Partner,
  BlogCategory,
  BlogPost,
  Lead,
  PropertyLead,
  OutboxMessage,
  WebsitePageView,
  WebsiteEvent,
  AuditLog,
];
