// AccountService: work in progress; replaced as the module lands.
enum AccountServiceModule {}
