-- Phone numbers in E.164 (docs/product.md, Accounts): a stored Nigerian mobile number, however it
-- was written ('0803 123 4567', '+234 (0)803-123-4567'), becomes '+2348031234567'. Anything else
-- stays as it is for its owner to fix at the next edit (the profile then asks for a valid number).
update users
   set phonenumber = '+234' || right(regexp_replace(phonenumber, '[[:space:]().-]', '', 'g'), 10)
 where length(phonenumber) <= 40
   and regexp_replace(phonenumber, '[[:space:]().-]', '', 'g') ~ '^(\+?2340?|0)?[789][0-9]{9}$';

update drivers
   set phone = '+234' || right(regexp_replace(phone, '[[:space:]().-]', '', 'g'), 10)
 where length(phone) <= 40
   and regexp_replace(phone, '[[:space:]().-]', '', 'g') ~ '^(\+?2340?|0)?[789][0-9]{9}$';
