import { ArgumentsHost, Catch } from '@nestjs/common';
import { AppError, ErrorFilter } from '@clima/common';
import { COURSE_SIGNED_OUT, COURSE_SUBSCRIPTION_REQUIRED } from './messages';

/** On the subscriber's course routes, 401 and 403 carry the course screen's own texts (spec section 8). */
@Catch()
export class CourseAccessFilter extends ErrorFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    if (exception instanceof AppError && exception.status === 401) return super.catch(AppError.unauthorized(COURSE_SIGNED_OUT), host);
    if (exception instanceof AppError && exception.status === 403) return super.catch(AppError.forbidden(COURSE_SUBSCRIPTION_REQUIRED), host);
    return super.catch(exception, host);
  }
}
