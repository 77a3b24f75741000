import { Module } from '@nestjs/common';
import { LocalFileStorage } from '@realty/db';
import { BlogController } from './blog.controller';
import { BLOG_FILE_STORAGE, BlogService } from './blog.service';

/** Public news and articles API (spec 01 §7): categories, posts, article, related. */
@Module({
  controllers: [BlogController],
  providers: [BlogService, { provide: BLOG_FILE_STORAGE, useFactory: () => new LocalFileStorage() }],
})
export class BlogModule {}
