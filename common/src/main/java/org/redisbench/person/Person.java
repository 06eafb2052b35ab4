package org.redisbench.person;

import java.io.Serializable;
import java.util.Objects;

/**
 * The object both apps store, field for field as in the published experiment, so a stored value has
 * the published size. A plain mutable bean because both codecs (fastjson2 and Kryo's FieldSerializer)
 * need a no-argument constructor and settable fields.
 */
public class Person implements Serializable {

	private static final long serialVersionUID = 1L;

	private long id;

	private String name;

	private String address;

	private String phone;

	private String sex;

	private int age;

	private String md5;

	public long getId() {
		return this.id;
	}

	public void setId(long id) {
		this.id = id;
	}

	public String getName() {
		return this.name;
	}

	public void setName(String name) {
		this.name = name;
	}

	public String getAddress() {
		return this.address;
	}

	public void setAddress(String address) {
		this.address = address;
	}

	public String getPhone() {
		return this.phone;
	}

	public void setPhone(String phone) {
		this.phone = phone;
	}

	public String getSex() {
		return this.sex;
	}

	public void setSex(String sex) {
		this.sex = sex;
	}

	public int getAge() {
		return this.age;
	}

	public void setAge(int age) {
		this.age = age;
	}

	public String getMd5() {
		return this.md5;
	}

	public void setMd5(String md5) {
		this.md5 = md5;
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof Person that && this.id == that.id && this.age == that.age
				&& Objects.equals(this.name, that.name) && Objects.equals(this.address, that.address)
				&& Objects.equals(this.phone, that.phone) && Objects.equals(this.sex, that.sex)
				&& Objects.equals(this.md5, that.md5);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.id, this.name, this.address, this.phone, this.sex, this.age, this.md5);
	}

	@Override
	public String toString() {
		return "Person[id=" + this.id + ", name=" + this.name + ", address=" + this.address + ", phone="
				+ this.phone + ", sex=" + this.sex + ", age=" + this.age + ", md5=" + this.md5 + "]";
	}

}
